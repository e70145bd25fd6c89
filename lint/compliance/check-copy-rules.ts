/**
 * Promotion copy under the cmcob profile, against the rules a compliance officer keeps in the shared content
 * (`compliance.copyRules` in content/site.json): banned phrases (false urgency, implied guarantees, exaggerated
 * values) and amount claims that need a qualifying statement in the same text ("up to £…" its source, an average
 * its net-of-fees figure). Each finding is `promotion-copy` at the phrase, naming it and why.
 */
import type { FileFinding, LoadedFile } from "../check-sets";
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import { declaresCmcob, complianceRules } from "./shared";

interface BannedPhrase {
  phrase: string;
  why: string;
}

interface AmountRule {
  lead: string[];
  needsOneOf: string[];
  why: string;
}

/** Strings that are names, not copy: ids, types, hook names, versions, routes, field rules. */
const NOT_COPY = [
  /^\/\$schema$/,
  /\/(id|type|hook|version|field|step|href|to)$/,
  /^\/routing\//,
  /^\/fields\/[^/]+\/rules\//,
  /^\/hostnames\//,
];

function* strings(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === "string") yield [path, node];
  else if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* strings(node[i], `${path}${pointer(i)}`);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* strings(v, `${path}${pointer(k)}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Curly apostrophes read as straight ones, so "don’t miss out" is caught too. */
const plain = (text: string) => text.replace(/[\u2018\u2019]/g, "'");
const wholeWords = (phrase: string) => new RegExp(`(?<![\\w])${escape(phrase)}(?![\\w])`, "i");
/** An amount after the lead words, within a few words: "up to £10,000", "average claim of £950", "averages {averageClaim}". */
const amountAfter = (lead: string) =>
  new RegExp(`(?<![\\w])${escape(lead)}(?![\\w])(?:\\s+[\\w']+){0,4}?\\s*(?:£\\s?\\d[\\d,]*(?:\\.\\d+)?|\\{averageClaim\\})`, "i");

/** A promotion-copy finding on the words `match` found in `text` (quoted as the editor wrote them). */
function promotionFinding(file: string, path: string, text: string, match: RegExpExecArray, why: string, suggestion: string): FileFinding {
  const phrase = text.slice(match.index, match.index + match[0].length);
  return {
    file,
    finding: { path, token: phrase, code: "promotion-copy", severity: "error", message: `"${phrase}": ${why}`, suggestion },
  };
}

function textFindings(file: string, path: string, text: string, banned: BannedPhrase[], amounts: AmountRule[]): FileFinding[] {
  const found: FileFinding[] = [];
  const normal = plain(text);
  for (const rule of banned) {
    const match = wholeWords(plain(rule.phrase)).exec(normal);
    if (match) {
      found.push(
        promotionFinding(file, path, text, match, rule.why, "say what the consumer can do and what it costs, without pressure or promises"),
      );
    }
  }
  for (const rule of amounts) {
    for (const lead of rule.lead) {
      const match = amountAfter(plain(lead)).exec(normal);
      if (!match) continue;
      if (rule.needsOneOf.some((words) => normal.toLowerCase().includes(plain(words).toLowerCase()))) break;
      const suggestion = `say it in the same text: ${rule.needsOneOf.map((w) => `'${w}'`).join(", ")}`;
      found.push(promotionFinding(file, path, text, match, rule.why, suggestion));
      break;
    }
  }
  return found;
}

function fileFindings(file: string, data: unknown, banned: BannedPhrase[], amounts: AmountRule[]): FileFinding[] {
  const found: FileFinding[] = [];
  for (const [path, text] of strings(data, "")) {
    if (NOT_COPY.some((re) => re.test(path))) continue;
    found.push(...textFindings(file, path, text, banned, amounts));
  }
  return found;
}

/** The funnels a brand runs: its form version, by version or path. */
function funnelsOf(brand: unknown, funnels: readonly LoadedFile[]): LoadedFile[] {
  const version = asString(asObject(brand).formVersion);
  return funnels.filter(({ data }) => {
    const f = asObject(data);
    return f.version === version || asObject(f.routing).path === version;
  });
}

export function checkCopyRules(
  brands: readonly LoadedFile[],
  funnels: readonly LoadedFile[],
  contents: readonly LoadedFile[],
): FileFinding[] {
  const rules = asObject(complianceRules(contents)?.copyRules);
  const banned = asArray(rules.bannedPhrases).map(asObject) as unknown as BannedPhrase[];
  const amounts = asArray(rules.amountClaims).map(asObject) as unknown as AmountRule[];
  if (banned.length === 0 && amounts.length === 0) return [];
  const checked = new Set<LoadedFile>();
  const found: FileFinding[] = [];
  const check = (loaded: LoadedFile) => {
    if (checked.has(loaded)) return;
    checked.add(loaded);
    found.push(...fileFindings(loaded.file, loaded.data, banned, amounts));
  };
  for (const funnel of funnels) if (declaresCmcob(funnel.data)) check(funnel);
  for (const brand of brands) {
    if (!declaresCmcob(brand.data)) continue;
    check(brand);
    funnelsOf(brand.data, funnels).forEach(check);
  }
  return found;
}
