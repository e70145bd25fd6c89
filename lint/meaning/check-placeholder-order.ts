/**
 * placeholder-before-collected: copy such as "Thanks {firstName}" on a step
 * that some way through the flow reaches before the name is asked (or a
 * {claimReference} before the claim request is made): the visitor reads
 * "Thanks , …". Uses the flow walk of the contracts check: what is written on
 * arrival at a step on every way there, then in order within the step.
 */
import { PATH_DEFAULTS } from "../../schema/contracts";
import { findPlaceholders } from "../../schema/placeholders";
import { asArray, asObject, asString } from "../loose";
import { strings } from "../check-placeholders";
import type { Finding } from "../types";
import { runStep, writtenOnArrival } from "../funnel/check-contracts";

/** Placeholders that read what the visitor or a hook wrote (the others always have a value) → the path they read. */
function placeholderPaths(funnel: unknown): Record<string, string> {
  const fields = asObject(asObject(funnel).placeholderFields);
  return { firstName: asString(fields.firstName) ?? PATH_DEFAULTS.firstName, claimReference: "claim_reference" };
}

/** The step's own copy (title, button, banner), outside its blocks, rules and machine. */
const STEP_COPY = ["title", "nextButton", "banner"];

/**
 * Whether the access guard fills a path in before the first step: with `load: "claimRequest"` the server
 * sends the claim's stored answers (all but the signature), whichever funnel or partner gave them
 * (server/routes/access.ts), so a name the partner sent is there even if this funnel never asks it.
 */
function loadedByAccess(funnel: unknown): (path: string) => boolean {
  const loads = asObject(asObject(funnel).access).load === "claimRequest";
  return (path) => loads && path !== "signature";
}

export function checkPlaceholderOrder(funnel: unknown): Finding[] {
  const flow = writtenOnArrival(funnel);
  if (!flow) return [];
  const reads = placeholderPaths(funnel);
  const loaded = loadedByAccess(funnel);
  const findings: Finding[] = [];
  const check = (stepId: string | undefined, node: unknown, path: string, written: ReadonlySet<string>) => {
    for (const [at, text] of strings(node, path)) {
      for (const { name } of findPlaceholders(text)) {
        const needs = reads[name];
        if (needs === undefined || written.has(needs) || loaded(needs)) continue;
        findings.push({
          path: at,
          token: `{${name}}`,
          code: "placeholder-before-collected",
          severity: "error",
          message: `{${name}} on step '${stepId}' reads '${needs}', which some way through the flow has not written by then, so the visitor would see it blank`,
          suggestion: `move this copy to a step after the one that collects '${needs}', or leave {${name}} out`,
        });
      }
    }
  };
  flow.steps.forEach((step, index) => {
    const arrival = flow.arrival[index];
    if (!arrival) return; // unreachable-step reports it
    for (const key of STEP_COPY) check(step.id, step.raw[key], `${step.path}/${key}`, arrival);
    // A block's copy shows once the events before it ran (e.g. a hook in onEnter wrote the claim reference).
    let written: ReadonlySet<string> = arrival;
    for (const event of flow.events[index]) {
      if (/\/blocks\/\d+$/.test(event.base) && !event.hook) {
        const block = asObject(asArray(step.raw.blocks)[Number(event.base.split("/").pop())]);
        check(step.id, block.props, `${event.base}/props`, written);
      }
      written = runStep([event], written);
    }
  });
  return findings;
}
