/**
 * The cmcob profile's flow check: on every way through a funnel to a signature, the consumer has first been
 * shown or asked, in this order of the rules,
 *
 * - cmcob-free-route-acknowledgement: a field that `records` "freeRouteConfirmation" (CMCOB 4.3.1R);
 * - cmcob-outstanding-debt: a field that `records` "outstandingDebt" (4.3.1R, with the set-off explanation);
 * - cmcob-summary-document: a summaryDocument block (4.2.1R);
 * - cmcob-fee-illustration: a feeIllustration block, or the summary's `fees` (4.2.5R);
 * - cmcob-cancellation-right: the summary's `cancellation` section;
 * - cmcob-redress-scheme-notice: the infoCard with the id `redress-scheme-notice` (that the FCA's redress scheme gets
 *   redress from the lender without a claims firm, and how); its copy is the definition's, which a brand's `copy`
 *   overrides by that id, so the profile asks for the block, not for its words.
 *
 * It reuses the flow of the contracts check (lint/funnel/check-contracts.ts: Next, next rules, steps an
 * includeWhen may leave out, navigate hooks) and, like it, meets what is shown over every way into a step.
 * Each missing item is reported at the signature block, naming a way that misses it.
 */
import type { FileFinding, LoadedFile } from "../check-sets";
import { asObject, asString } from "../loose";
import type { ProblemCode } from "../types";
import { edgesOf } from "../funnel/check-contracts";
import { blocksOf, contractOfBlock, hasUnknownParts, stepsOf, type StepView } from "../funnel/walk";
import { declaresCmcob } from "./shared";

type Shown = "free-route" | "debt" | "summary" | "fees" | "cancellation" | "redress-notice";

/** The block id of the redress-scheme message: brands override its copy by this id. */
export const REDRESS_NOTICE_ID = "redress-scheme-notice";

const REQUIRED: { shown: Shown; code: ProblemCode; what: string; suggestion: string }[] = [
  {
    shown: "free-route",
    code: "cmcob-free-route-acknowledgement",
    what: 'the free-route acknowledgement (a field with "records": "freeRouteConfirmation")',
    suggestion: "ask for the consumer's confirmation that they know the free routes on an earlier step of every way here",
  },
  {
    shown: "debt",
    code: "cmcob-outstanding-debt",
    what: 'the outstanding-debt question (a field with "records": "outstandingDebt")',
    suggestion: "ask about outstanding debts with the lender, with the set-off explanation, before the signature",
  },
  {
    shown: "summary",
    code: "cmcob-summary-document",
    what: "the summary document (a summaryDocument block)",
    suggestion: "show a summaryDocument block on a step before the signature",
  },
  {
    shown: "fees",
    code: "cmcob-fee-illustration",
    what: "the fee illustration (a feeIllustration block, or the summary's 'fees')",
    suggestion: "add a feeIllustration block, or 'fees' to the summaryDocument block, before the signature",
  },
  {
    shown: "cancellation",
    code: "cmcob-cancellation-right",
    what: "the right to cancel (the summary's 'cancellation' section)",
    suggestion: "add a 'cancellation' section to the summaryDocument block",
  },
  {
    shown: "redress-notice",
    code: "cmcob-redress-scheme-notice",
    what: `the redress-scheme message (an infoCard with "id": "${REDRESS_NOTICE_ID}")`,
    suggestion: `show the infoCard "${REDRESS_NOTICE_ID}" (the redress scheme, and how a lender contacts or invites the consumer) before the signature`,
  },
];

/** One block of a step, in order: what it shows, or a signature. */
type Event = { kind: "shows"; shown: Shown[] } | { kind: "signature"; path: string };

function eventsOf(step: StepView, fieldRecords: Map<string, string>): Event[] {
  return blocksOf(step).map((block): Event => {
    if (block.type === "signature") return { kind: "signature", path: `${block.path}/type` };
    const shown: Shown[] = [];
    if (block.type === "summaryDocument") {
      shown.push("summary");
      if (block.props.fees !== undefined) shown.push("fees");
      if (block.props.cancellation !== undefined) shown.push("cancellation");
    }
    if (block.type === "feeIllustration") shown.push("fees");
    if (block.type === "infoCard" && block.block.id === REDRESS_NOTICE_ID) shown.push("redress-notice");
    for (const bound of contractOfBlock(block).binds) {
      const records = fieldRecords.get(bound.path);
      if (records === "freeRouteConfirmation") shown.push("free-route");
      if (records === "outstandingDebt") shown.push("debt");
    }
    return { kind: "shows", shown };
  });
}

function checkFunnel(funnel: LoadedFile): FileFinding[] {
  const steps = stepsOf(funnel.data);
  if (steps.length === 0 || steps.some(hasUnknownParts)) return [];
  const fieldRecords = new Map(
    Object.entries(asObject(asObject(funnel.data).fields)).flatMap(([key, field]) => {
      const records = asString(asObject(field).records);
      return records ? [[key, records] as const] : [];
    }),
  );
  const events = steps.map((s) => eventsOf(s, fieldRecords));
  const edges = edgesOf(steps);
  const shownBy = (i: number) => new Set(events[i].flatMap((e) => (e.kind === "shows" ? e.shown : [])));

  // What is shown on arrival at each step on every way there (the meet of its predecessors).
  const arrival: (Set<Shown> | undefined)[] = steps.map((_, i) => (i === 0 ? new Set() : undefined));
  const queue = [0];
  while (queue.length) {
    const index = queue.shift()!;
    const leaving = new Set([...arrival[index]!, ...shownBy(index)]);
    for (const next of edges[index]) {
      const before = arrival[next];
      const met = before === undefined ? leaving : new Set([...before].filter((s) => leaving.has(s)));
      if (before !== undefined && met.size === before.size) continue;
      arrival[next] = met;
      queue.push(next);
    }
  }

  /** A way from the first step to `target` on which no step shows `shown`. */
  const wayWithout = (shown: Shown, target: number): string[] | undefined => {
    const from = new Map<number, number>();
    const seen = new Set([0]);
    const todo = [0];
    while (todo.length) {
      const at = todo.shift()!;
      if (at === target) {
        const way = [at];
        while (way[0] !== 0) way.unshift(from.get(way[0])!);
        return way.map((i) => steps[i].id ?? `#${i}`);
      }
      if (shownBy(at).has(shown)) continue;
      for (const next of edges[at]) {
        if (seen.has(next)) continue;
        seen.add(next);
        from.set(next, at);
        todo.push(next);
      }
    }
    return undefined;
  };

  const found: FileFinding[] = [];
  steps.forEach((step, index) => {
    const onArrival = arrival[index];
    if (!onArrival) return; // unreachable-step reports it
    const seen = new Set(onArrival);
    for (const event of events[index]) {
      if (event.kind === "shows") {
        event.shown.forEach((s) => seen.add(s));
        continue;
      }
      for (const rule of REQUIRED) {
        if (seen.has(rule.shown)) continue;
        const later = steps.findIndex((s, i) => i >= index && shownBy(i).has(rule.shown));
        const way = wayWithout(rule.shown, index);
        const along =
          later === index
            ? ` (this step shows it only after the signature)`
            : later > index
              ? ` (step '${steps[later].id}' shows it only after the signature)`
              : "";
        const wayText = way && way.length > 1 ? ` on the way ${way.join(" → ")}` : "";
        found.push({
          file: funnel.file,
          finding: {
            path: event.path,
            code: rule.code,
            severity: "error",
            message: `The signature on step '${step.id}' comes before ${rule.what}${wayText}${along}; the cmcob profile needs it first`,
            suggestion: rule.suggestion,
          },
        });
      }
    }
  });
  return found;
}

/** Funnels that declare the profile, and those a brand that declares it runs. */
export function checkProfile(brands: readonly LoadedFile[], funnels: readonly LoadedFile[]): FileFinding[] {
  const versions = new Set(brands.filter((b) => declaresCmcob(b.data)).map((b) => asString(asObject(b.data).formVersion)));
  return funnels
    .filter(({ data }) => {
      const f = asObject(data);
      return declaresCmcob(data) || versions.has(asString(f.version)) || versions.has(asString(asObject(f.routing).path));
    })
    .flatMap(checkFunnel);
}
