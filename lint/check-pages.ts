/**
 * Links inside the site (an `href`, a `…Href`, a redirect) must lead to a page
 * the server has: a site page, or /claim/<version>[/<step>] of a linted funnel.
 */
import { SITE_PAGES } from "../engine/sitePages";
import type { FileFinding, LoadedFile } from "./check-sets";
import { asArray, asObject, asString } from "./loose";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";

/** Props that hold a site path, besides the access guard's `otherwise` (checked with the guard). */
const LINK_PROP = /^(href|.+Href|redirectTo|existingUserRedirect|privacyFormLink)$/;

function* links(node: unknown, path: string): Generator<[string, string]> {
  if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* links(node[i], `${path}${pointer(i)}`);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string" && LINK_PROP.test(key) && /^\/(?!\/)/.test(value)) yield [`${path}${pointer(key)}`, value];
      else yield* links(value, `${path}${pointer(key)}`);
    }
  }
}

/** The pages a site path may name; `complete` is false when not every funnel was linted, so /claim/… cannot be judged. */
function sitePages(funnels: LoadedFile[]) {
  const claim = new Map<string, Set<string>>();
  for (const { data } of funnels) {
    const root = asObject(data);
    const routing = asObject(root.routing);
    const steps = new Set(
      asArray(root.steps)
        .map((s) => asString(asObject(s).id))
        .filter((id): id is string => !!id),
    );
    for (const name of [routing.path, ...asArray(routing.mirrors), ...asArray(routing.redirectFrom).map((r) => asObject(r).path)]) {
      if (typeof name === "string") claim.set(name, steps);
    }
  }
  return claim;
}

export function checkSitePaths(files: LoadedFile[], funnels: LoadedFile[], funnelsComplete: boolean): FileFinding[] {
  const claim = sitePages(funnels);
  const pages = [...SITE_PAGES, "/claim"];
  const found: FileFinding[] = [];
  for (const { file, data } of files) {
    for (const [path, link] of links(data, "")) {
      const bare = link.split(/[?#]/)[0].replace(/(.)\/$/, "$1");
      if (pages.includes(bare) || pages.some((p) => p !== "/" && p !== "/claim" && bare.startsWith(`${p}/`))) continue;
      const [, version, step, extra] = /^\/claim\/([^/]+)(?:\/([^/]+))?(\/.*)?$/.exec(bare) ?? [];
      if (version !== undefined) {
        if (!funnelsComplete) continue;
        const steps = claim.get(version);
        if (steps && extra === undefined && (step === undefined || steps.has(step))) continue;
        const message = steps
          ? `There is no step '${step}' in the funnel at /claim/${version}`
          : `No linted funnel answers at /claim/${version}`;
        const suggestion = steps ? didYouMean(step ?? "", steps) : didYouMean(version, claim.keys());
        found.push({
          file,
          finding: {
            path,
            code: "missing-page",
            severity: "error",
            message: `'${link}' leads nowhere: ${message}`,
            ...(suggestion ? { suggestion } : {}),
          },
        });
        continue;
      }
      found.push({
        file,
        finding: {
          path,
          code: "missing-page",
          severity: "error",
          message: `'${link}' is not a page of this site, so the visitor would see "page not found"`,
          suggestion: didYouMean(bare, pages) ?? `site pages are ${pages.join(", ")} and /claim/<version>/<step>`,
        },
      });
    }
  }
  return found;
}
