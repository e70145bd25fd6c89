/** Lender search: case-insensitive name match, leaving out lenders already chosen or found by the credit check. */
export interface Lender {
  id: string;
  name: string;
}

/** Something to leave out of the results, matched by id or by name. */
export interface LenderRef {
  id?: string | null;
  name?: string | null;
}

const norm = (text: string) => text.toLocaleLowerCase("en-GB").replace(/\s+/g, " ").trim();

export function filterLenders(lenders: readonly Lender[], query: string, exclude: readonly LenderRef[] = []): Lender[] {
  const ids = new Set(exclude.map((e) => e.id).filter((id): id is string => Boolean(id)));
  const names = new Set(exclude.map((e) => (e.name ? norm(e.name) : "")).filter(Boolean));
  const needle = norm(query);
  return lenders.filter((lender) => {
    if (ids.has(lender.id) || names.has(norm(lender.name))) return false;
    return needle === "" || norm(lender.name).includes(needle);
  });
}

const isLender = (l: unknown): l is Lender =>
  Boolean(l) &&
  typeof (l as Lender).id === "string" &&
  (l as Lender).id !== "" &&
  typeof (l as Lender).name === "string" &&
  (l as Lender).name.trim() !== "";

/** Lenders from an API answer, keeping only well-formed entries, sorted by name. */
export function readLenders(value: unknown): Lender[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isLender)
    .map((l) => ({ id: l.id, name: l.name.trim() }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB", { sensitivity: "base" }));
}

/** The chosen lenders held in the form field, in the order they were chosen. */
export function readChosen(value: unknown): Lender[] {
  return Array.isArray(value) ? value.filter(isLender).map((l) => ({ id: l.id, name: l.name })) : [];
}
