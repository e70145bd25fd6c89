/** Copy placeholders such as {brandName} must be ones the renderer fills (schema/placeholders.ts). */
import { BLOCK_COPY_PLACEHOLDERS } from "../schema/blockCopy";
import { BRAND_PLACEHOLDER_WORDS, LETTER_PDF_PLACEHOLDERS, MAIL_PLACEHOLDERS } from "../schema/content.schema";
import { COPY_PLACEHOLDERS, findPlaceholders } from "../schema/placeholders";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

/** Strings that are not copy: regular expressions in pattern rules may contain braces. */
const NOT_COPY = [/^\/\$schema$/, /^\/fields\/[^/]+\/rules\/\d+\/(value|flags)$/];

/** Every string in a JSON value, with its pointer. */
export function* strings(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === "string") yield [path, node];
  else if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* strings(node[i], `${path}${pointer(i)}`);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* strings(v, `${path}${pointer(k)}`);
}

/** Copy whose own code fills extra placeholders (the credit check's messages and progress announcement). */
const LOCAL_PLACEHOLDERS: [RegExp, readonly string[]][] = [
  [/\/messages\/fetchFailed$/, ["status"]],
  [/\/messages\/verificationDecision$/, ["decision", "message"]],
  [/\/props\/progressCopy\/announce$/, ["n", "total", "label"]],
  [/^\/navigation\/progressLabel$/, ["current", "total"]],
  // The site's own words (content/site.json `text`), filled by the page that shows them.
  [/^\/text\/common\/progressLabel$/, ["current", "total"]],
  [/^\/text\/common\/rated$/, ["rating"]],
  [/^\/text\/common\/unexpectedResponse$/, ["status"]],
  [/^\/text\/portal\/signedInAs$/, ["email"]],
  [/^\/text\/portal\/progressStagesLabel$/, ["lenderName"]],
  [/^\/text\/portal\/codeHint$/, ["sentTo"]],
  [/^\/text\/portal\/downloadSignature$/, ["format"]],
  [/^\/text\/signIn\/delayedSeconds$/, ["seconds"]],
  [/^\/text\/signIn\/delayedMinutes$/, ["minutes"]],
  [/^\/text\/passwordReset\/requested$/, ["minutes"]],
  [/^\/text\/identity\/wrongLeft$/, ["left"]],
  [/^\/text\/request\/field[A-Za-z]+$/, ["field"]],
  [/^\/text\/request\/fieldTooLong$/, ["maximum"]],
  // The words the server tells a brand's windows and fees in (engine/brandPlaceholders.ts).
  ...Object.entries(BRAND_PLACEHOLDER_WORDS).map(([key, names]): [RegExp, readonly string[]] => [
    new RegExp(`^/text/brandPlaceholders/${key}$`),
    names,
  ]),
  // A block's defaulted copy (schema/blockCopy.ts), in the shared content, a funnel's block or a brand's override.
  ...Object.entries(BLOCK_COPY_PLACEHOLDERS).map(([prop, names]): [RegExp, readonly string[]] => [new RegExp(`/${prop}$`), names]),
  // Each mail's code fills its own (the shared content's `mails`).
  ...Object.entries(MAIL_PLACEHOLDERS).map(([key, names]): [RegExp, readonly string[]] => [new RegExp(`^/mails/${key}/`), names]),
  // And each line of the letter of authority's PDF.
  ...Object.entries(LETTER_PDF_PLACEHOLDERS).map(([key, names]): [RegExp, readonly string[]] => [
    new RegExp(`^/letterOfAuthorityPdf/${key}$`),
    names,
  ]),
];

/** Placeholder pairs that wrap text in a link: each start needs its end, in that order. */
const LINK_PAIRS = [["creditReportLinkStart", "creditReportLinkEnd"]] as const;

/** The first unbalanced start or end of a link pair in a line of copy. */
function unbalancedLink(path: string, text: string): Finding | undefined {
  const names = findPlaceholders(text).map((p) => p.name);
  for (const [start, end] of LINK_PAIRS) {
    const [open, close] = [`{${start}}`, `{${end}}`];
    let inside = false;
    for (const name of names) {
      if (name === start && inside)
        return linkFinding(path, open, `${open} opens a second link before ${close} closes the first`, `add ${close} after the link text`);
      if (name === end && !inside) return linkFinding(path, close, `${close} has no ${open} before it`, `put ${open} before the link text`);
      if (name === start || name === end) inside = name === start;
    }
    if (inside)
      return linkFinding(
        path,
        open,
        `${open} is never closed, so the rest of the text would be one link`,
        `add ${close} after the link text`,
      );
  }
  return undefined;
}

function linkFinding(path: string, token: string, message: string, suggestion: string): Finding {
  return { path, token, code: "unbalanced-link-placeholders", severity: "error", message, suggestion };
}

export function checkPlaceholders(definition: unknown): Finding[] {
  const known = new Set<string>(COPY_PLACEHOLDERS);
  const findings: Finding[] = [];
  for (const [path, text] of strings(definition, "")) {
    if (NOT_COPY.some((re) => re.test(path))) continue;
    const link = unbalancedLink(path, text);
    if (link) findings.push(link);
    const local = LOCAL_PLACEHOLDERS.filter(([re]) => re.test(path)).flatMap(([, names]) => names);
    for (const { name } of findPlaceholders(text)) {
      if (known.has(name) || local.includes(name)) continue;
      findings.push({
        path,
        token: `{${name}}`,
        code: "unresolved-placeholder",
        severity: "error",
        message: `Unknown placeholder '{${name}}'; it would show as raw text`,
        suggestion:
          didYouMean(name, COPY_PLACEHOLDERS)?.replace(/'([^']+)'/, "'{$1}'") ??
          `placeholders are ${COPY_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      });
    }
  }
  return findings;
}
