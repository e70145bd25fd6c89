/**
 * Every step can be reached. Step → targets of its `next` list, plus the
 * following step when it has no `next` list or its last entry has a `when`
 * (so Next can fall through). Roots: the first step, and the steps in
 * routing.alwaysAllowed and routing.entrySteps (reachable by URL).
 */
import { asArray, asObject, asString } from "../loose";
import type { Finding } from "../types";
import { stepsOf } from "./walk";

export function checkReachability(funnel: unknown): Finding[] {
  const steps = stepsOf(funnel);
  if (steps.length === 0) return [];
  const indexOf = new Map<string, number>();
  steps.forEach((s) => s.id !== undefined && !indexOf.has(s.id) && indexOf.set(s.id, s.index));

  const edges = (index: number): number[] => {
    const next = steps[index].raw.next;
    const entries = asArray(next).map(asObject);
    const targets = entries.flatMap((e) => {
      const id = asString(asObject(e.to).step);
      const target = id === undefined ? undefined : indexOf.get(id);
      return target === undefined ? [] : [target];
    });
    const fallsThrough = !Array.isArray(next) || entries.length === 0 || entries[entries.length - 1].when !== undefined;
    return fallsThrough && index + 1 < steps.length ? [...targets, index + 1] : targets;
  };

  const routing = asObject(asObject(funnel).routing);
  const allowed = [...asArray(routing.alwaysAllowed), ...asArray(routing.entrySteps)].filter((id): id is string => typeof id === "string");
  const queue = [0, ...allowed.flatMap((id) => (indexOf.has(id) ? [indexOf.get(id)!] : []))];
  const reached = new Set(queue);
  let brokenLink = false;
  while (queue.length) {
    const index = queue.shift()!;
    brokenLink ||= asArray(steps[index].raw.next).some((e) => {
      const id = asString(asObject(asObject(e).to).step);
      return id !== undefined && !indexOf.has(id);
    });
    for (const target of edges(index)) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  // A Next to a missing step (reported as missing-target) leaves the graph
  // incomplete; the steps after it are probably its intended target.
  if (brokenLink) return [];
  /** The reached step before `index` whose Next jumps over it, to name the jump in the message. */
  const jumpOver = (index: number) => {
    for (let from = index - 1; from >= 0; from--) {
      if (!reached.has(from)) continue;
      const entries = asArray(steps[from].raw.next).map(asObject);
      const i = entries.findIndex((e) => (indexOf.get(asString(asObject(e.to).step) ?? "") ?? -1) > index);
      if (i >= 0) return { from: steps[from], rule: i, to: asString(asObject(entries[i].to).step) };
    }
    return undefined;
  };
  return steps
    .filter((s) => !reached.has(s.index))
    .map((s) => {
      const jump = jumpOver(s.index);
      return {
        path: `${s.path}/id`,
        code: "unreachable-step" as const,
        severity: "error" as const,
        message: jump
          ? `Step '${s.id}' can never be reached: the next rule of step '${jump.from.id}' (${jump.from.path}/next/${jump.rule}) jumps over it to '${jump.to}', and no Next leads to it`
          : `Step '${s.id}' can never be reached: no Next leads to it and it is not in routing.alwaysAllowed or routing.entrySteps`,
        suggestion: jump ? `give the jump a 'when', or add a next rule that leads to '${s.id}'` : undefined,
      };
    });
}
