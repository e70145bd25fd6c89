/**
 * The access guard (funnel `access`): each check has what it needs, checks
 * that read the user come after signedIn, claim checks after a metadata check
 * that guarantees the id key, redirect targets are site pages, and a target
 * is never a page of the guarded funnel itself (that would loop). An
 * affiliate entry names a step of the funnel and needs a guard that signs
 * nobody in but the link's own user.
 */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

/** Site pages the server renders besides funnels (SITE_PAGES in engine/sitePages.ts) plus the /claim entry. */
export const GUARD_TARGETS = new Set(["/", "/claim", "/portal", "/login", "/privacy-policy", "/forgot-password"]);

function checkAffiliateEntry(root: Record<string, unknown>): Finding[] {
  if (root.affiliateEntry === undefined) return [];
  const findings: Finding[] = [];
  const step = asString(asObject(root.affiliateEntry).step);
  const stepIds = new Set(asArray(root.steps).map((st) => asString(asObject(st).id)));
  if (step !== undefined && !stepIds.has(step)) {
    findings.push({
      path: "/affiliateEntry/step",
      code: "missing-target",
      severity: "error",
      message: `There is no step '${step}' in this funnel`,
    });
  }
  const checks = asArray(asObject(root.access).checks).map((c) => asString(asObject(c).check));
  if (!checks.includes("signedIn") || !checks.includes("claimRequest")) {
    findings.push({
      path: "/affiliateEntry",
      code: "access-guard",
      severity: "error",
      message: "An affiliate entry needs an access guard with signedIn and claimRequest checks, or anyone could open its claim",
    });
  }
  return findings;
}

export function checkAccessGuard(funnel: unknown): Finding[] {
  const root = asObject(funnel);
  const entryFindings = checkAffiliateEntry(root);
  if (root.access === undefined) return entryFindings;
  const findings: Finding[] = [];
  const problem = (path: string, message: string) => findings.push({ path, code: "access-guard", severity: "error", message });
  const ownPaths = [asString(asObject(root.routing).path), ...asArray(asObject(root.routing).mirrors).map(asString)].filter(Boolean);
  let signedIn = false;
  const metadataKeys = new Set<string>();
  let claimRead = false;
  asArray(asObject(root.access).checks).forEach((raw, i) => {
    const check = asObject(raw);
    const at = (key: string) => pointer("access", "checks", i, key);
    const kind = asString(check.check);
    const target = asString(check.otherwise);
    if (target !== undefined) {
      const bare = target.split(/[?#]/)[0];
      if (!GUARD_TARGETS.has(bare)) problem(at("otherwise"), `'${target}' is not a site page; use one of ${[...GUARD_TARGETS].join(", ")}`);
      if (ownPaths.some((p) => bare.startsWith(`/claim/${p}/`)))
        problem(at("otherwise"), `'${target}' is guarded by this same check and would loop`);
    }
    if (kind !== "signedIn" && !signedIn)
      problem(at("check"), `'${kind}' reads the signed-in user, so a signedIn check must come before it`);
    if (kind === "signedIn") signedIn = true;
    if (kind === "userMetadata") {
      const keys = asArray(check.keys)
        .map(asString)
        .filter((k): k is string => Boolean(k));
      if (keys.length === 0) problem(at("keys"), "userMetadata needs the metadata keys it requires in 'keys'");
      keys.forEach((k) => metadataKeys.add(k));
    } else if (check.keys !== undefined) problem(at("keys"), `'keys' is only used by userMetadata checks`);
    if (kind === "claimRequest") {
      const from = asString(check.idFrom);
      if (!from) problem(at("idFrom"), "claimRequest needs 'idFrom', the metadata key holding the claim request id");
      else if (!metadataKeys.has(from)) problem(at("idFrom"), `metadata key '${from}' is not required by an earlier userMetadata check`);
      claimRead = true;
    } else if (check.idFrom !== undefined) problem(at("idFrom"), `'idFrom' is only used by claimRequest checks`);
    if (kind === "claimNotSigned" && !claimRead) problem(at("check"), "claimNotSigned needs a claimRequest check before it");
    const stepIds = new Set(asArray(root.steps).map((st) => asString(asObject(st).id)));
    asArray(check.exceptSteps).forEach((id, j) => {
      if (!stepIds.has(asString(id)))
        problem(pointer("access", "checks", i, "exceptSteps", j), `There is no step '${String(id)}' in this funnel`);
    });
  });
  if (asObject(root.access).load === "claimRequest" && !claimRead) {
    problem("/access/load", "loading the claim request needs a claimRequest check");
  }
  return [...entryFindings, ...findings];
}
