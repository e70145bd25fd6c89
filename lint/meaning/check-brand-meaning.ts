/**
 * What a brand means for the funnels it serves, across files:
 *
 * - blank-copy-override: a copy, marketing, portal stage or affiliate page
 *   override that is blank, so it silently empties a fee disclosure or a
 *   button label (site content's shared `copy` too).
 * - brand-value-mismatch: a condition `{ "brand": [setting, value] }` whose
 *   value no linted brand has at that setting, e.g. "KBA" where brands say
 *   "kba": the condition never holds.
 * - form-version-loop: a brand whose formVersion funnel turns every new
 *   visitor away (its access guard's first check needs a signed-in visitor) to
 *   /claim, which is that same funnel: a redirect loop.
 * - lender-limit-mismatch: the lender picker of the brand's funnel lets the
 *   visitor choose more lenders than the brand's company offers (a company
 *   with none yet is the server's "No lenders found" case, not this one), or a
 *   copy overlay of its limit message states another number than its max.
 */
import { asArray, asObject, asString, isObject, type Obj } from "../loose";
import { pointer } from "../pointer";
import { didYouMean } from "../suggest";
import type { FileFinding, LoadedFile } from "../check-sets";
import { strings } from "../check-placeholders";
import { blocksOf, conditionsOf, stepsOf } from "../funnel/walk";
import { LIMIT_COPY_PROPS, statedNumbers } from "./check-lender-limit";

const OVERLAYS = ["copy", "marketing", "portalStages", "affiliateContinue"];

function blankOverrides(files: LoadedFile[], keys: string[]): FileFinding[] {
  return files.flatMap(({ file, data }) =>
    keys.flatMap((key) =>
      [...strings(asObject(data)[key], pointer(key))]
        .filter(([, text]) => text.trim() === "")
        .map(([path]) => ({
          file,
          finding: {
            path,
            code: "blank-copy-override" as const,
            severity: "error" as const,
            message: "This override is blank, so it empties the copy it replaces (a disclosure, a label, a line of text) for every visitor",
            suggestion: "write the copy, or remove the override to keep the funnel's own",
          },
        })),
    ),
  );
}

/** The `brand` leaves of a condition tree: [pointer of the value, setting, value]. */
function brandLeaves(condition: unknown, path: string): [string, string, unknown][] {
  const node = asObject(condition);
  const leaves: [string, string, unknown][] = [];
  asArray(node.all).forEach((c, i) => leaves.push(...brandLeaves(c, `${path}${pointer("all", i)}`)));
  asArray(node.any).forEach((c, i) => leaves.push(...brandLeaves(c, `${path}${pointer("any", i)}`)));
  if (node.not !== undefined) leaves.push(...brandLeaves(node.not, `${path}/not`));
  const [setting, value] = asArray(node.brand);
  if (typeof setting === "string") leaves.push([`${path}/brand/1`, setting, value]);
  return leaves;
}

const valueAt = (data: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), data);

function brandValueMismatches(funnels: LoadedFile[], brands: LoadedFile[]): FileFinding[] {
  if (brands.length === 0) return [];
  return funnels.flatMap(({ file, data }) =>
    stepsOf(data)
      .flatMap(conditionsOf)
      .flatMap((c) => brandLeaves(c.condition, c.path))
      .flatMap(([path, setting, value]) => {
        const known: unknown[] = [...new Set(brands.map((b) => valueAt(b.data, setting)).filter((v) => v !== undefined))];
        if (known.length === 0 || known.includes(value)) return [];
        const sameButCase = known.find(
          (k) => typeof k === "string" && typeof value === "string" && k.toLowerCase() === value.toLowerCase(),
        );
        const shown = known.map((k) => JSON.stringify(k)).join(", ");
        return [
          {
            file,
            finding: {
              path,
              code: "brand-value-mismatch" as const,
              severity: "error" as const,
              message:
                sameButCase !== undefined
                  ? `No brand has ${setting} ${JSON.stringify(value)}: brands write ${JSON.stringify(sameButCase)}, and the comparison is exact, so this condition never holds`
                  : `No linted brand has ${setting} ${JSON.stringify(value)} (they have ${shown}), so this condition never holds`,
              suggestion:
                sameButCase !== undefined
                  ? `write ${JSON.stringify(sameButCase)}`
                  : (didYouMean(String(value), known.map(String)) ?? `use one of ${shown}`),
            },
          },
        ];
      }),
  );
}

/** The funnel a brand's formVersion names: by version, routing path or mirror. */
function funnelOf(formVersion: string, funnels: LoadedFile[]): LoadedFile | undefined {
  return funnels.find(({ data }) => {
    const funnel = asObject(data);
    const routing = asObject(funnel.routing);
    return [funnel.version, routing.path, ...asArray(routing.mirrors)].includes(formVersion);
  });
}

/** Whether a site path leads back to the brand's funnel: /claim (the brand's formVersion) or /claim/<its names>. */
function leadsTo(path: string, funnel: Obj): boolean {
  const routing = asObject(funnel.routing);
  const names = [funnel.version, routing.path, ...asArray(routing.mirrors)].filter((n): n is string => typeof n === "string");
  const [first, second] = path.split(/[?#]/)[0].split("/").filter(Boolean);
  return first === "claim" && (second === undefined || names.includes(second));
}

function formVersionLoops(brands: LoadedFile[], funnels: LoadedFile[]): FileFinding[] {
  return brands.flatMap(({ file, data }) => {
    const formVersion = asString(asObject(data).formVersion);
    const funnel = formVersion === undefined ? undefined : funnelOf(formVersion, funnels);
    if (!funnel) return [];
    // Every access check needs a signed-in visitor, so a new visitor fails the first one.
    const first = asObject(asArray(asObject(asObject(funnel.data).access).checks)[0]);
    const otherwise = asString(first.otherwise);
    if (otherwise === undefined || asArray(first.exceptSteps).length > 0 || !leadsTo(otherwise, asObject(funnel.data))) return [];
    return [
      {
        file,
        finding: {
          path: "/formVersion",
          code: "form-version-loop" as const,
          severity: "error" as const,
          message: `formVersion '${formVersion}' is a funnel whose access guard sends a new visitor to ${otherwise}, which opens '${formVersion}' again: every new visitor is redirected in a loop`,
          suggestion: "choose a funnel a new visitor may open (the guarded one is for affiliate links: name it in affiliateFormVersion)",
        },
      },
    ];
  });
}

function lenderCounts(catalogues: LoadedFile[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { data } of catalogues)
    for (const [company, lenders] of Object.entries(asObject(asObject(data).companies))) counts.set(company, asArray(lenders).length);
  return counts;
}

function lenderLimits(brands: LoadedFile[], funnels: LoadedFile[], catalogues: LoadedFile[]): FileFinding[] {
  const counts = lenderCounts(catalogues);
  return brands.flatMap(({ file, data }) => {
    const brand = asObject(data);
    const count = counts.get(asString(brand.companyId) ?? "");
    const formVersion = asString(brand.formVersion);
    const funnel = formVersion === undefined ? undefined : funnelOf(formVersion, funnels);
    // A company with no lenders yet gets the spec's "No lenders found" answer from the server: no limit to state.
    if (count === undefined || count === 0 || !funnel) return [];
    const maxes = stepsOf(funnel.data)
      .flatMap(blocksOf)
      .filter((b) => b.type === "lenderPicker" && typeof b.props.max === "number" && b.props.max > count)
      .map((b) => b.props.max as number);
    if (maxes.length === 0) return [];
    return [
      {
        file,
        finding: {
          path: "/companyId",
          code: "lender-limit-mismatch" as const,
          severity: "error" as const,
          message: `Company '${String(brand.companyId)}' offers ${count} lenders, but the lender picker of '${formVersion}' lets the visitor choose up to ${Math.max(...maxes)}, a limit no visitor can reach`,
          suggestion: `give the picker a max of at most ${count}, or list more lenders for the company in lenders/catalogue.json`,
        },
      },
    ];
  });
}

/** A copy overlay (a brand's or site content's) of a lender picker's limit message that states another number than its max. */
function overlaidLimits(overlays: LoadedFile[], funnels: LoadedFile[]): FileFinding[] {
  const maxById = new Map<string, number>();
  for (const { data } of funnels)
    for (const block of stepsOf(data).flatMap(blocksOf)) {
      const id = asString(block.block.id);
      if (block.type === "lenderPicker" && id !== undefined && typeof block.props.max === "number") maxById.set(id, block.props.max);
    }
  return overlays.flatMap(({ file, data }) =>
    Object.entries(asObject(asObject(data).copy)).flatMap(([id, props]) => {
      const max = maxById.get(id);
      if (max === undefined) return [];
      return LIMIT_COPY_PROPS.flatMap((prop) => {
        const text = asString(asObject(props)[prop]);
        const wrong = text === undefined ? undefined : statedNumbers(text).find((n) => n.value !== max);
        if (!wrong) return [];
        return [
          {
            file,
            finding: {
              path: pointer("copy", id, prop),
              token: wrong.text,
              code: "lender-limit-mismatch" as const,
              severity: "error" as const,
              message: `This ${prop} says ${wrong.text} lenders but the picker '${id}' allows ${max}, so the visitor is told a different limit from the one they meet`,
              suggestion: `say ${max}`,
            },
          },
        ];
      });
    }),
  );
}

export function checkBrandMeaning(
  brands: LoadedFile[],
  funnels: LoadedFile[],
  contents: LoadedFile[],
  catalogues: LoadedFile[],
): FileFinding[] {
  return [
    ...blankOverrides(brands, OVERLAYS),
    ...blankOverrides(contents, ["copy"]),
    ...brandValueMismatches(funnels, brands),
    ...formVersionLoops(brands, funnels),
    ...lenderLimits(brands, funnels, catalogues),
    ...overlaidLimits([...brands, ...contents], funnels),
  ];
}
