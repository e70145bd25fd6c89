/**
 * What a block or hook requires was written earlier, on every way through the
 * flow (the contracts in schema/contracts.ts):
 *
 * - required-hook-not-run: a block or hook needs a hook to have run before it
 *   (the v3 credit check needs submitClaimRequest's claim request).
 * - required-path-not-written: it needs a form path (a runtime key such as
 *   claim_request_id, or a field) that no field, block or hook writes before it
 *   on some way from the first step.
 *
 * The flow: Next from a step goes to each target of its `next` rules and, when
 * Next can fall through, to the following step (and past it while that step
 * has an includeWhen, which may leave it out); a `navigate` hook goes to its
 * step. The first step starts with what the access guard loads. Inside a step
 * things happen in order: onEnter, then each block (its requirements, then
 * what it binds and writes, then its action button's hooks), then onNext, then
 * the machine's states in the order they are written. A hook with
 * `onFailure: "ignore"` may write nothing, so its writes do not count. Steps
 * only reachable by URL (routing.alwaysAllowed) are checked on the ways the
 * flow reaches them, never as a fresh start.
 */
import { BLOCK_TYPES } from "../../schema/blocks.schema";
import { accessContract, writersOf, type Contract } from "../../schema/contracts";
import { HOOK_NAMES } from "../../schema/hooks.schema";
import { asArray, asObject, asString, type Obj } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";
import { blocksOf, contractOfBlock, contractOfHook, fieldKeysOf, hasUnknownParts, stepsOf, type StepView } from "./walk";

/** One thing that happens on a step, in order. */
export interface Event {
  /** Pointer to report at. */
  path: string;
  /** Pointer of the part (block or hook) for a requirement named by a prop. */
  base: string;
  who: string;
  contract: Contract;
  /** The hook's name when the event is a hook call (it counts as run once it ran). */
  hook?: string;
  ignoresFailure?: boolean;
}

const hookToken = (name: string) => `hook:${name}`;

/** What a hook writes, whatever its params: the paths its missing run leaves missing. */
function writesOfHook(name: string): string[] {
  return contractOfHook({ hook: name }).writes.map((p) => p.path);
}

function hookEvent(call: Obj, path: string): Event {
  const name = asString(call.hook) ?? "";
  return {
    path: `${path}/hook`,
    base: path,
    who: `hook ${name}`,
    contract: contractOfHook(call),
    hook: name,
    ignoresFailure: call.onFailure === "ignore",
  };
}

export function eventsOf(step: StepView): Event[] {
  const events: Event[] = [];
  const hooks = (items: unknown, path: string) =>
    asArray(items).forEach((call, i) => events.push(hookEvent(asObject(call), `${path}${pointer(i)}`)));
  hooks(step.raw.onEnter, `${step.path}/onEnter`);
  for (const block of blocksOf(step)) {
    events.push({ path: `${block.path}/type`, base: block.path, who: `block ${block.type}`, contract: contractOfBlock(block) });
    hooks(block.props.actions, `${block.path}/props/actions`);
  }
  hooks(step.raw.onNext, `${step.path}/onNext`);
  for (const [name, state] of Object.entries(asObject(asObject(step.raw.machine).states))) {
    hooks(asObject(state).run, `${step.path}${pointer("machine", "states", name, "run")}`);
  }
  return events;
}

/** What an event leaves written (fields it binds, paths it writes, itself as a hook run). */
function writesOf(event: Event): string[] {
  if (event.ignoresFailure) return [];
  const written = [...event.contract.binds, ...event.contract.writes].map((p) => p.path);
  return event.hook ? [...written, hookToken(event.hook)] : written;
}

/** Step index → the steps Next (or a navigate hook) can lead to. */
export function edgesOf(steps: StepView[]): number[][] {
  const indexOf = new Map<string, number>();
  steps.forEach((s) => s.id !== undefined && !indexOf.has(s.id) && indexOf.set(s.id, s.index));
  return steps.map((step, index) => {
    const targets = new Set<number>();
    const entries = asArray(step.raw.next).map(asObject);
    for (const entry of entries) {
      const target = indexOf.get(asString(asObject(entry.to).step) ?? "");
      if (target !== undefined) targets.add(target);
    }
    const fallsThrough = entries.length === 0 || entries[entries.length - 1].when !== undefined;
    if (fallsThrough) {
      // The following step, and the ones after it while the one before may be left out by its includeWhen.
      for (let next = index + 1; next < steps.length; next++) {
        targets.add(next);
        if (steps[next].raw.includeWhen === undefined) break;
      }
    }
    for (const target of navigateTargets(step)) {
      const found = indexOf.get(target);
      if (found !== undefined) targets.add(found);
    }
    return [...targets];
  });
}

/** Steps a step's navigate hooks go to. */
function navigateTargets(step: StepView): string[] {
  const calls: Obj[] = [
    ...asArray(step.raw.onEnter),
    ...asArray(step.raw.onNext),
    ...blocksOf(step).flatMap((b) => asArray(b.props.actions)),
    ...Object.values(asObject(asObject(step.raw.machine).states)).flatMap((s) => asArray(asObject(s).run)),
  ].map(asObject);
  return calls.filter((c) => c.hook === "navigate").flatMap((c) => (typeof c.step === "string" ? [c.step] : []));
}

/** Runs a step's events over what is written on arrival; calls `missing` for each unmet requirement. */
export function runStep(
  events: Event[],
  arrival: ReadonlySet<string>,
  missing?: (event: Event, kind: "hook" | "path", what: string, prop?: string) => void,
): Set<string> {
  const written = new Set(arrival);
  for (const event of events) {
    const unmetHooks = event.contract.after.filter((hook) => !written.has(hookToken(hook)));
    for (const hook of unmetHooks) missing?.(event, "hook", hook);
    // A missing hook explains its missing paths: one mistake, one problem.
    if (unmetHooks.length === 0) {
      for (const req of event.contract.requires) if (!written.has(req.path)) missing?.(event, "path", req.path, req.prop);
    }
    for (const path of writesOf(event)) written.add(path);
  }
  return written;
}

/** A way from the first step to `target` on which no step writes `token`, for the message. */
function wayWithout(steps: StepView[], edges: number[][], events: Event[][], token: string, target: number): string[] | undefined {
  const writes = (i: number) => events[i].some((e) => writesOf(e).includes(token));
  const from = new Map<number, number>();
  const queue = [0];
  const seen = new Set([0]);
  while (queue.length) {
    const at = queue.shift()!;
    if (at === target) {
      const way = [at];
      while (way[0] !== 0) way.unshift(from.get(way[0])!);
      return way.map((i) => steps[i].id ?? `#${i}`);
    }
    if (writes(at)) continue;
    for (const next of edges[at]) {
      if (seen.has(next)) continue;
      seen.add(next);
      from.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

/**
 * What is written on arrival at each step on every way there (undefined: no way reaches it), with the
 * steps, their events and the edges between them; undefined when a step has an unknown block or hook.
 */
export function writtenOnArrival(funnel: unknown) {
  const steps = stepsOf(funnel);
  if (steps.length === 0 || steps.some(hasUnknownParts)) return undefined; // unknown-block / unknown-hook report the real mistake
  const events = steps.map(eventsOf);
  const edges = edgesOf(steps);
  const access = asObject(asObject(funnel).access);
  const start = new Set(accessContract(access).writes.map((p) => p.path));
  // A funnel whose access guard loads the claim request starts from one the server already holds, with its details:
  // what a block that needs submitClaimRequest to have run relies on (the affiliate funnel's credit check).
  if (access.load === "claimRequest") start.add(hookToken("submitClaimRequest"));

  // What is written on arrival at each step on every way there: the meet of its predecessors (undefined: not reached yet).
  const arrival: (Set<string> | undefined)[] = steps.map((_, i) => (i === 0 ? start : undefined));
  const queue = [0];
  while (queue.length) {
    const index = queue.shift()!;
    const leaving = runStep(events[index], arrival[index]!);
    for (const next of edges[index]) {
      const before = arrival[next];
      const met = before === undefined ? new Set(leaving) : new Set([...before].filter((p) => leaving.has(p)));
      if (before !== undefined && met.size === before.size) continue;
      arrival[next] = met;
      queue.push(next);
    }
  }
  return { steps, events, edges, arrival };
}

export function checkContracts(funnel: unknown): Finding[] {
  const flow = writtenOnArrival(funnel);
  if (!flow) return [];
  const { steps, events, edges, arrival } = flow;
  const fields = new Set(fieldKeysOf(funnel));
  const findings: Finding[] = [];
  // Each missing thing is reported where it is first needed; what it explains later is held back.
  const reported = new Set<string>();
  steps.forEach((step, index) => {
    const onArrival = arrival[index];
    if (!onArrival) return; // unreachable-step reports it
    runStep(events[index], onArrival, (event, kind, what, prop) => {
      const token = kind === "hook" ? hookToken(what) : what;
      if (reported.has(token)) return;
      reported.add(token);
      if (kind === "hook") for (const hookWrite of writesOfHook(what)) reported.add(hookWrite);
      const way = wayWithout(steps, edges, events, token, index);
      const along = !way ? " on some way to it" : way.length === 1 ? " when the funnel starts there" : ` on the way ${way.join(" → ")}`;
      if (kind === "hook") {
        findings.push({
          path: event.path,
          code: "required-hook-not-run",
          severity: "error",
          message: `The ${event.who} on step '${step.id}' needs ${what} to have run before it, but it has not run${along}`,
          suggestion: `run ${what} on an earlier step (e.g. in its onNext), or move this step after the one that runs it`,
        });
        return;
      }
      const writers = fields.has(what) ? ["a block bound to it", "setValue"] : writersOf(what, HOOK_NAMES, BLOCK_TYPES);
      findings.push({
        path: prop === undefined ? event.path : event.hook ? `${event.base}/${prop}` : `${event.base}/props/${prop}`,
        code: "required-path-not-written",
        severity: "error",
        message: `The ${event.who} on step '${step.id}' needs '${what}', but nothing writes it before${along}`,
        suggestion: writers.length ? `write it on an earlier step with ${writers.join(" or ")}` : undefined,
      });
    });
  });
  return findings;
}
