/**
 * The interpreter's waiting states and failure routes, on fixture machines:
 * a state that `awaits` waits for an event the page sends, `on.error` catches a
 * failed hook with its message kept for the view, and the credit check's
 * fixture machine walks its paths on scripted hook outcomes.
 */
import { describe, expect, it } from "vitest";
import type { HookCall } from "../../schema/types";
import creditFixture from "../blocks/creditCheck/fixtures/credit-check-funnel.json";
import { createEventQueue, runMachine, type MachineDefinition, type MachineSnapshot, type StateResult } from "./interpreter";

const ok = (outcome?: string): StateResult => (outcome ? { ok: true, outcome } : { ok: true });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const ASK: MachineDefinition = {
  initial: "ask",
  states: {
    ask: { view: "question", awaits: ["yes", "no"], on: { yes: "save", no: "bye" } },
    save: { run: [{ hook: "submitClaimRequest" }], on: { done: "bye", error: "ask" } },
    bye: { final: true },
  },
};

describe("waiting states", () => {
  it("wait for an accepted event, say which they wait for, and ignore others", async () => {
    const events = createEventQueue();
    const seen: MachineSnapshot[] = [];
    const run = runMachine(ASK, async () => ok(), { events, onChange: (s) => seen.push(s) });
    await tick();
    expect(seen.at(-1)).toMatchObject({ state: "ask", status: "running", awaiting: ["yes", "no"] });
    expect(events.send("maybe")).toBe(false);
    expect(events.send("yes")).toBe(true);
    expect(await run).toMatchObject({ state: "bye", status: "finished", history: ["ask", "save", "bye"] });
    expect(events.send("yes")).toBe(false); // nobody waits any more
  });

  it("a failure routed by on.error returns to the state with its message, cleared on the next transition", async () => {
    const events = createEventQueue();
    const seen: MachineSnapshot[] = [];
    const results = [{ ok: false, error: "Fixture: postcode missing" } as StateResult, ok()];
    const run = runMachine(ASK, async () => results.shift()!, { events, onChange: (s) => seen.push(s) });
    await tick();
    events.send("yes");
    await tick();
    expect(seen.at(-1)).toMatchObject({ state: "ask", error: "Fixture: postcode missing", awaiting: ["yes", "no"] });
    events.send("yes");
    const end = await run;
    expect(end).toMatchObject({ state: "bye", status: "finished" });
    expect(end.error).toBeUndefined();
  });

  it("a failure without a route still ends in the error state", async () => {
    const machine: MachineDefinition = {
      initial: "a",
      states: { a: { run: [{ hook: "crmSync" }], on: { done: "b" } }, b: { final: true }, error: {} },
    };
    expect(await runMachine(machine, async () => ({ ok: false, error: "Fixture: down" }))).toMatchObject({
      state: "error",
      status: "failed",
      error: "Fixture: down",
    });
  });

  it("a person asking again and again is not cut off as a loop", async () => {
    const again: MachineDefinition = {
      initial: "wait",
      states: {
        wait: { awaits: ["again", "stop"], on: { again: "send", stop: "end" } },
        send: { on: { done: "wait" } },
        end: { final: true },
      },
    };
    const events = createEventQueue();
    let asked = 0;
    const run = runMachine(again, async () => ok(), {
      events,
      onChange: (s) => {
        if (s.awaiting) setTimeout(() => events.send(++asked < 120 ? "again" : "stop"), 0);
      },
    });
    expect(await run).toMatchObject({ state: "end", status: "finished" });
    expect(asked).toBe(120);
  });

  it("a waiting state without an event source fails instead of hanging", async () => {
    expect(await runMachine(ASK, async () => ok())).toMatchObject({ status: "failed" });
  });
});

describe("the credit check's fixture machine", () => {
  const machine = creditFixture.steps[0].machine as unknown as MachineDefinition;

  /** Runs the machine with hook outcomes by hook name (lists are used in order) and page events sent whenever a state waits. */
  async function walk(outcomes: Partial<Record<HookCall["hook"], StateResult[]>>, events: string[] = []) {
    const queue = createEventQueue();
    const pending = [...events];
    const snapshot = await runMachine(
      machine,
      async (_state, calls) => {
        let last: StateResult = ok();
        for (const call of calls) {
          const result = outcomes[call.hook]?.shift() ?? ok();
          if (!result.ok) return result;
          if (result.outcome) last = result;
        }
        return last;
      },
      {
        events: queue,
        onChange: (s) => {
          if (s.awaiting && pending.length) {
            const next = pending.shift()!;
            setTimeout(() => queue.send(next), 0);
          }
        },
      },
    );
    return snapshot;
  }

  it("checks, searches and moves on", async () => {
    const end = await walk({ creditCheckProgress: [ok("ready")], identityBeforeCreditCheck: [ok("clear")], runCreditSearch: [ok("done")] });
    expect(end).toMatchObject({ status: "finished", history: ["checking", "identity", "search", "complete"] });
  });

  it("a claim already checked moves on without searching", async () => {
    expect((await walk({ creditCheckProgress: [ok("creditChecked")] })).history).toEqual(["checking", "complete"]);
  });

  it("without a claim reference waits for submit; a failed submit returns with its message, a second try goes on", async () => {
    const end = await walk(
      {
        creditCheckProgress: [ok("needsClaim"), ok("ready")],
        submitClaimRequest: [{ ok: false, error: "Fixture: bad postcode" }, ok()],
        identityBeforeCreditCheck: [ok("clear")],
        runCreditSearch: [ok("done")],
      },
      ["submit", "submit"],
    );
    expect(end.history).toEqual(["checking", "needs-claim", "submitting", "needs-claim", "submitting", "identity", "search", "complete"]);
  });

  it("a one-time code: a new one on request, then the run after the verified code", async () => {
    const end = await walk(
      { creditCheckProgress: [ok("ready")], identityBeforeCreditCheck: [ok("clear")], runCreditSearch: [ok("otp"), ok("otp"), ok("done")] },
      ["resend", "verified"],
    );
    expect(end.history).toEqual(["checking", "identity", "search", "code", "resend-code", "code", "search-after-code", "complete"]);
  });

  it("the identity check's challenge waits for its code; a refusal and a failed search wait on the error panel for continue", async () => {
    const challenged = await walk(
      { creditCheckProgress: [ok("ready")], identityBeforeCreditCheck: [ok("CHALLENGE")], runCreditSearch: [ok("failed")] },
      ["verified", "continue"],
    );
    expect(challenged.history).toEqual(["checking", "identity", "identity-code", "search", "failed", "leaving"]);
    const refused = await walk({ creditCheckProgress: [ok("ready")], identityBeforeCreditCheck: [ok("refused")] }, ["continue"]);
    expect(refused.history).toEqual(["checking", "identity", "failed", "leaving"]);
  });
});
