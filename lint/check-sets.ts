/**
 * Checks that need every linted file at once: versions, routing paths, brand
 * ids and hostnames are unique; brands name a funnel that exists; one brand is
 * the default.
 */
import { asArray, asObject, asString } from "./loose";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

export interface LoadedFile {
  file: string;
  data: unknown;
  /** Found by scanning a directory (so the set is complete), rather than named alone. */
  fromDirectory: boolean;
  /** A sibling loaded only so cross-file checks see the whole set; findings on it are not reported. */
  context?: boolean;
}

export interface FileFinding {
  file: string;
  finding: Finding;
}

/** Reports the second and later claims of the same name. */
function duplicates(
  claims: { file: string; path: string; name: string }[],
  describe: (name: string, first: { file: string; path: string }) => Omit<Finding, "path">,
): FileFinding[] {
  const first = new Map<string, { file: string; path: string }>();
  const found: FileFinding[] = [];
  for (const claim of claims) {
    const earlier = first.get(claim.name);
    if (earlier) found.push({ file: claim.file, finding: { path: claim.path, ...describe(claim.name, earlier) } });
    else first.set(claim.name, claim);
  }
  return found;
}

const where = (at: { file: string; path: string }) => `${at.file} at ${at.path}`;

/** The URL segments a funnel answers to: its path, its mirrors and the paths it redirects from. */
function routingClaims({ file, data }: LoadedFile) {
  const routing = asObject(asObject(data).routing);
  const claims: { file: string; path: string; name: string }[] = [];
  const add = (path: string, value: unknown) => {
    const name = asString(value);
    if (name !== undefined) claims.push({ file, path, name });
  };
  add("/routing/path", routing.path);
  asArray(routing.mirrors).forEach((m, i) => add(pointer("routing", "mirrors", i), m));
  asArray(routing.redirectFrom).forEach((r, i) => add(pointer("routing", "redirectFrom", i, "path"), asObject(r).path));
  return claims;
}

export function checkFunnelSet(funnels: LoadedFile[]): FileFinding[] {
  const versions = funnels.flatMap(({ file, data }) => {
    const name = asString(asObject(data).version);
    return name === undefined ? [] : [{ file, path: "/version", name }];
  });
  return [
    ...duplicates(versions, (name, first) => ({
      code: "duplicate-version",
      severity: "error",
      message: `Funnel version '${name}' is already defined in ${first.file}`,
    })),
    ...duplicates(funnels.flatMap(routingClaims), (name, first) => ({
      code: "duplicate-path",
      severity: "error",
      message: `The routing path '${name}' is already claimed by ${where(first)}`,
    })),
  ];
}

/** Version names a brand may choose: funnel versions, their paths, mirrors and redirect paths. */
export function formVersionsOf(funnels: LoadedFile[]): Set<string> {
  return new Set(
    funnels.flatMap((f) => [asString(asObject(f.data).version), ...routingClaims(f).map((c) => c.name)]).filter((v): v is string => !!v),
  );
}

/** `brandsUnknown`: a brand file did not parse, so whether a default exists cannot be told. */
export function checkBrandSet(brands: LoadedFile[], funnels: LoadedFile[], brandsUnknown = false): FileFinding[] {
  const found: FileFinding[] = [];
  const ids = brands.flatMap(({ file, data }) => {
    const name = asString(asObject(data).brandId);
    return name === undefined ? [] : [{ file, path: "/brandId", name }];
  });
  found.push(
    ...duplicates(ids, (name, first) => ({
      code: "duplicate-brand",
      severity: "error",
      message: `Brand id '${name}' is already used by ${first.file}`,
    })),
  );
  const hosts = brands.flatMap(({ file, data }) =>
    asArray(asObject(data).hostnames).flatMap((h, i) =>
      typeof h === "string" ? [{ file, path: pointer("hostnames", i), name: h.toLowerCase() }] : [],
    ),
  );
  found.push(
    ...duplicates(hosts, (name, first) => ({
      code: "duplicate-hostname",
      severity: "error",
      message: `Hostname '${name}' is already served by ${where(first)}; a request could not tell the brands apart`,
    })),
  );

  const defaults = brands.filter((b) => asObject(b.data).isDefault === true);
  for (const extra of defaults.slice(1)) {
    found.push({
      file: extra.file,
      finding: {
        path: "/isDefault",
        code: "default-brand",
        severity: "error",
        message: `More than one brand has isDefault: true (also ${defaults[0].file})`,
      },
    });
  }
  // Only a whole directory of brands can show that no default exists.
  if (defaults.length === 0 && !brandsUnknown && brands.some((b) => b.fromDirectory)) {
    found.push({
      file: (brands.find((b) => !b.context) ?? brands[0]).file,
      finding: {
        path: "",
        code: "default-brand",
        severity: "error",
        message: "No brand has isDefault: true; requests for an unknown host need a default brand",
      },
    });
  }

  if (funnels.length > 0) {
    const versions = formVersionsOf(funnels);
    for (const { file, data } of brands) {
      const version = asString(asObject(data).formVersion);
      if (version === undefined || versions.has(version)) continue;
      found.push({
        file,
        finding: {
          path: "/formVersion",
          code: "unknown-form-version",
          severity: "error",
          message: `formVersion '${version}' is not a funnel version or routing path of the linted funnels`,
          suggestion: didYouMean(version, versions) ?? `known versions are ${[...versions].map((v) => `'${v}'`).join(", ")}`,
        },
      });
    }
    const affiliateVersions = funnels
      .filter((f) => asObject(f.data).affiliateEntry !== undefined)
      .map((f) => asString(asObject(f.data).version) ?? "");
    for (const { file, data } of brands) {
      const named = asString(asObject(data).affiliateFormVersion);
      if (named === undefined ? affiliateVersions.length <= 1 : affiliateVersions.includes(named)) continue;
      found.push({
        file,
        finding: {
          path: named === undefined ? "" : "/affiliateFormVersion",
          code: "unknown-form-version",
          severity: "error",
          message:
            named === undefined
              ? `${affiliateVersions.length} funnels declare an affiliateEntry; name this brand's in affiliateFormVersion`
              : `affiliateFormVersion '${named}' is not a linted funnel with an affiliateEntry`,
          suggestion: `funnels with an affiliate entry: ${affiliateVersions.map((v) => `'${v}'`).join(", ") || "none"}`,
        },
      });
    }
  }
  return found;
}
