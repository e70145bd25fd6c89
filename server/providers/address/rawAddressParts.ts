/** Small helpers for turning a provider's address fields into our RawAddress (Data8 field names). */

/** Street descriptors Royal Mail uses, for splitting "Sandfield Road" into name "Sandfield" and desc "Road". */
const DESCRIPTORS = new Set(
  (
    "Road Street Close Lane Avenue Drive Way Place Crescent Gardens Grove Terrace Court Square Walk Mews Hill Park Rise Row " +
    "View Vale Mount Green Parade Boulevard Mead Meadow Meadows Croft Fields Yard Wharf Gate Approach Circus Hollow End"
  ).split(" "),
);

/** "Sandfield Road" → ["Sandfield", "Road"]; "Broadway" → ["Broadway", ""]; "High Street, Mews Lane" keeps the last word split only. */
export function splitThoroughfare(street: string): [string, string] {
  const text = street.replace(/\s+/g, " ").trim();
  const at = text.lastIndexOf(" ");
  if (at < 0) return [text, ""];
  const last = text.slice(at + 1);
  const title = last.charAt(0).toUpperCase() + last.slice(1).toLowerCase();
  return DESCRIPTORS.has(title) ? [text.slice(0, at), last] : [text, ""];
}

const SMALL_WORDS = new Set(["upon", "on", "in", "by", "the", "le", "under", "next", "sea", "of", "and", "en"]);

/** "NEWCASTLE UPON TYNE" → "Newcastle upon Tyne"; text already in mixed case is left as it is. */
export function postTownCase(town: string): string {
  if (town !== town.toUpperCase()) return town;
  return town
    .toLowerCase()
    .split(" ")
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/(^|-)(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(" ");
}

/** "Flat 3" + "Albion House" → "Flat 3, Albion House" (the sandbox's and the renderer's form). */
export function joinParts(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(", ");
}
