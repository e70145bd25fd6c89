/**
 * next-rules-ping-pong: step A's `next` sends the visitor to B and B's sends
 * them back to A, on conditions that can both hold and that neither step can
 * change (no field either step collects is read by them): once both hold, the
 * visitor goes back and forth for ever. A circle with no way out at all is
 * next-loop (funnel/check-flow.ts).
 */
import { asArray, asObject } from "../loose";
import type { Finding } from "../types";
import { nextEdges } from "../funnel/check-flow";
import { fieldKeysOf, fieldReads, fieldsCollectedBy, stepsOf, type StepView } from "../funnel/walk";

/** A leaf of a condition's top-level conjunction, as text, with whether it is negated. */
function literals(condition: unknown, negated = false): { key: string; negated: boolean; node: Record<string, unknown> }[] {
  const node = asObject(condition);
  if (!negated && Array.isArray(node.all)) return node.all.flatMap((c) => literals(c));
  if (node.not !== undefined) return literals(node.not, !negated);
  return [{ key: JSON.stringify(node), negated, node }];
}

/** Whether two conditions can hold at once (false only for a plain contradiction: X and not X, or one field equal to two values). */
function canBothHold(a: unknown, b: unknown): boolean {
  const all = [...literals(a), ...literals(b)];
  for (const x of all) {
    for (const y of all) {
      if (x.key === y.key && x.negated !== y.negated) return false;
      const [fx, vx] = asArray(x.node.equals);
      const [fy, vy] = asArray(y.node.equals);
      if (!x.negated && !y.negated && typeof fx === "string" && fx === fy && vx !== vy) return false;
    }
  }
  return true;
}

/** The `when` of the rule an edge comes from (undefined: Next always goes there, or falls through to it). */
function whenOf(step: StepView, edgePath: string): unknown {
  const match = /\/next\/(\d+)\/to\//.exec(edgePath);
  return match ? asObject(asArray(step.raw.next)[Number(match[1])]).when : undefined;
}

export function checkNextPingPong(funnel: unknown): Finding[] {
  const steps = stepsOf(funnel);
  const edges = nextEdges(steps);
  const keys = fieldKeysOf(funnel);
  const findings = new Map<string, Finding>();
  steps.forEach((a, i) => {
    for (const there of edges[i]) {
      if (there.to === "away" || there.to <= i) continue;
      const b = steps[there.to];
      for (const back of edges[there.to].filter((e) => e.to === i)) {
        const [whenThere, whenBack] = [whenOf(a, there.path), whenOf(b, back.path)];
        if (whenThere === undefined && whenBack === undefined) continue; // no condition: next-loop or plain back-and-forth links
        if (!canBothHold(whenThere, whenBack)) continue;
        const collected = new Set([...fieldsCollectedBy(a, keys), ...fieldsCollectedBy(b, keys)]);
        const read = [...fieldReads(whenThere, ""), ...fieldReads(whenBack, "")].map((r) => r.field);
        if (read.some((field) => collected.has(field))) continue; // the visitor can change the answer on the way
        findings.set(back.path, {
          path: back.path,
          code: "next-rules-ping-pong",
          severity: "error",
          message: `Step '${a.id}' sends the visitor to '${b.id}' and '${b.id}' sends them back, on conditions that can both hold and that neither step changes, so the visitor goes back and forth for ever`,
          suggestion: "make the two conditions exclude each other, or send one of them on to another step",
        });
      }
    }
  });
  return [...findings.values()];
}
