/**
 * Checks for the layered definitions: brand themes and copy overlays, shared
 * content (content/site.json) and company content (companies/<companyId>.json).
 *
 * - duplicate-block-id: a block id used twice in one funnel (an overlay must name one block).
 * - unknown-copy-target / unknown-copy-prop / copy-prop-not-copy / invalid-copy-value:
 *   every `copy` entry names a block id of a linted funnel and a prop of that block
 *   type whose role (schema/contracts.ts) is copy, and the funnel with the override is still valid.
 * - unknown-marketing-key: a brand overrides a marketing claim that does not exist.
 * - low-contrast-colour (warning): primary_color below 4.5:1 on white cannot be link or text colour.
 * - footer-html-removed (warning): the footer allow-list will remove part of an HTML footer.
 * - duplicate-company, file-name-mismatch: one company file per companyId, named after it.
 */
import { basename } from "node:path";
import { blockPropSchemas, type BlockType } from "../schema/blocks.schema";
import { propRole } from "../schema/contracts";
import { MARKETING_KEYS } from "../schema/content.schema";
import { validateFunnelSchema } from "../schema/validate";
import { contrastRatio } from "../engine/colourContrast";
import { applyCopyOverlays, blockIdsOf } from "../schema/rules/copyOverlay";
import { footerHtmlRemovals } from "../schema/rules/sanitizeFooter";
import type { FunnelDefinition } from "../schema/types";
import { checkPlaceholders } from "./check-placeholders";
import type { FileFinding, LoadedFile } from "./check-sets";
import { asObject, asString, isObject } from "./loose";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

/** WCAG 2.x AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const ROLE_WORDS = { field: "a field binding", behaviour: "behaviour", link: "a link target", copy: "copy" } as const;

/** Placeholders only the home page fills, allowed in marketing copy. */
const MARKETING_ONLY_PLACEHOLDERS = new Set(["{handlingPausedUntil}"]);

function placeholderFindings(data: unknown): Finding[] {
  return checkPlaceholders(data).filter((f) => !(f.path.startsWith("/marketing/") && MARKETING_ONLY_PLACEHOLDERS.has(f.token ?? "")));
}

/** Two blocks in one funnel with the same id. */
export function checkBlockIds(funnel: unknown): Finding[] {
  const first = new Map<string, string>();
  const findings: Finding[] = [];
  for (const { id, path } of blockIdsOf(funnel)) {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, path);
    else {
      findings.push({
        path: `${path}/id`,
        code: "duplicate-block-id",
        severity: "error",
        message: `Block id '${id}' is already used at ${earlier}; a copy override must name one block`,
      });
    }
  }
  return findings;
}

/** A brand file on its own: placeholders, marketing keys, contrast, footer HTML. */
export function checkBrandFile(data: unknown): Finding[] {
  const brand = asObject(data);
  const findings = placeholderFindings(data);
  for (const key of Object.keys(asObject(brand.marketing))) {
    if ((MARKETING_KEYS as readonly string[]).includes(key)) continue;
    findings.push({
      path: pointer("marketing", key),
      at: "key",
      code: "unknown-marketing-key",
      severity: "error",
      message: `'${key}' is not a marketing claim in content/site.json`,
      suggestion: didYouMean(key, MARKETING_KEYS) ?? `marketing keys are ${MARKETING_KEYS.join(", ")}`,
    });
  }
  const colour = asString(brand.primary_color);
  if (colour && /^#[0-9a-fA-F]{6}$/.test(colour)) {
    const ratio = contrastRatio(colour, "#ffffff");
    if (ratio < MIN_TEXT_CONTRAST) {
      findings.push({
        path: "/primary_color",
        code: "low-contrast-colour",
        // Links and text a visitor cannot read: an error, not a matter of taste.
        severity: "error",
        message: `primary_color ${colour} has a contrast of ${ratio.toFixed(2)}:1 on white; links and text in it need at least ${MIN_TEXT_CONTRAST}:1 (WCAG AA)`,
        suggestion: "choose a darker shade of the brand colour",
      });
    }
  }
  const footer = asString(brand.footerText);
  if (footer && brand.footerIsHtml === true) {
    const removed = footerHtmlRemovals(footer);
    if (removed.length) {
      findings.push({
        path: "/footerText",
        code: "footer-html-removed",
        // A warning: what the allow-list removes (scripts, handlers, other tags) is what must never reach a visitor.
        severity: "warning",
        message: `The footer HTML allow-list will remove ${removed.join(", ")}`,
        suggestion: "use only b, strong, i, em, br, p, ul, li and a href (http, https, mailto or a site path)",
      });
    }
  }
  return findings;
}

/** content/site.json or companies/<id>.json on its own. */
export function checkContentFile(kind: "content" | "company", absolute: string, data: unknown): Finding[] {
  const findings = placeholderFindings(data);
  const companyId = asString(asObject(data).companyId);
  if (kind === "company" && companyId !== undefined && basename(absolute, ".json") !== companyId) {
    findings.push({
      path: "/companyId",
      code: "file-name-mismatch",
      severity: "warning",
      message: `Company '${companyId}' is in ${basename(absolute)}`,
      suggestion: `rename the file to ${companyId}.json`,
    });
  }
  return findings;
}

/** A copy overlay (`copy`, or an experiment variant's `copy` under `at`) against the blocks of the linted funnels. */
export function checkOverlay(file: LoadedFile, funnels: LoadedFile[], at: (string | number)[] = ["copy"]): FileFinding[] {
  const overlay = asObject(
    at.reduce<unknown>((value, key) => (Array.isArray(value) ? value[Number(key)] : asObject(value)[key]), file.data),
  );
  const found: FileFinding[] = [];
  const add = (finding: Finding) => found.push({ file: file.file, finding });
  const blocks = funnels.flatMap((f) => blockIdsOf(f.data).map((b) => ({ ...b, funnel: f })));
  const allIds = new Set(blocks.map((b) => b.id));
  for (const [id, entry] of Object.entries(overlay)) {
    const targets = blocks.filter((b) => b.id === id);
    if (targets.length === 0) {
      add({
        path: pointer(...at, id),
        at: "key",
        code: "unknown-copy-target",
        severity: "error",
        message: `No block in the linted funnels has the id '${id}'`,
        suggestion: didYouMean(id, allIds) ?? `give the block "id": "${id}" in its funnel`,
      });
      continue;
    }
    if (!isObject(entry)) continue; // the schema reports it
    for (const [prop, value] of Object.entries(entry)) {
      const path = pointer(...at, id, prop);
      const reported = new Set<string>();
      for (const target of targets) {
        const props = (blockPropSchemas[target.type as BlockType]?.properties ?? {}) as Record<string, unknown>;
        const copyProps = Object.keys(props).filter((p) => propRole(target.type, p) === "copy");
        if (!(prop in props)) {
          if (reported.has(`unknown:${target.type}`)) continue;
          reported.add(`unknown:${target.type}`);
          add({
            path,
            at: "key",
            code: "unknown-copy-prop",
            severity: "error",
            message: `Block '${id}' is a ${target.type}, which has no prop '${prop}'`,
            suggestion: didYouMean(prop, copyProps) ?? `its copy props are ${copyProps.join(", ")}`,
          });
          continue;
        }
        const role = propRole(target.type, prop);
        if (role !== "copy") {
          if (reported.has("notCopy")) continue;
          reported.add("notCopy");
          add({
            path,
            at: "key",
            code: "copy-prop-not-copy",
            severity: "error",
            message: `'${prop}' of block '${id}' (${target.type}) is ${ROLE_WORDS[role ?? "behaviour"]}, not copy; a copy overlay may change only copy, so change it in the funnel`,
          });
          continue;
        }
        const funnel = target.funnel.data as FunnelDefinition;
        const merged = applyCopyOverlays(funnel, [{ [id]: { [prop]: value } }]);
        const at = `${target.path}/props/${prop}`;
        const errors = validateFunnelSchema(merged).filter((e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`));
        if (errors.length && !reported.has("invalid")) {
          reported.add("invalid");
          const inner = errors[0].instancePath.slice(at.length);
          add({
            path,
            code: "invalid-copy-value",
            severity: "error",
            message: `The override of '${prop}' on block '${id}' (${target.type} in ${target.funnel.file}) is not valid: ${inner ? `${inner.slice(1)} ` : ""}${errors[0].message}`,
          });
        }
      }
    }
  }
  return found;
}

/** Overlays need every funnel; companies must be unique. */
export function checkContentSet(
  brands: LoadedFile[],
  contents: LoadedFile[],
  companies: LoadedFile[],
  funnels: LoadedFile[],
): FileFinding[] {
  const found: FileFinding[] = [];
  if (funnels.length > 0) for (const file of [...contents, ...brands]) found.push(...checkOverlay(file, funnels));
  const seen = new Map<string, string>();
  for (const { file, data } of companies) {
    const id = asString(asObject(data).companyId);
    if (id === undefined) continue;
    const earlier = seen.get(id);
    if (earlier) {
      found.push({
        file,
        finding: {
          path: "/companyId",
          code: "duplicate-company",
          severity: "error",
          message: `Company '${id}' already has content in ${earlier}`,
        },
      });
    } else seen.set(id, file);
  }
  return found;
}
