import { describe, expect, it } from "vitest";
import type { HookCall } from "../../schema/types";
import { submittingFunnel } from "../testing/submittingFunnel";
import { runMachine, transition, type MachineDefinition, type StateResult } from "./interpreter";

/** The site's words for a failure without a message of its own, as the page passes them. */
const GENERIC = "Something went wrong here";

const machine = submittingFunnel.steps.find((s) => s.id === "submitting")!.machine as MachineDefinition;

/** Scripted hook results by hook name (a list is used in order); unscripted hooks succeed without an outcome. */
function scripted(results: Partial<Record<HookCall["hook"], StateResult | StateResult[]>>) {
  const ran: string[] = [];
  const runState = async (_state: string, calls: readonly HookCall[]): Promise<StateResult> => {
    let outcome: string | undefined;
    for (const call of calls) {
      ran.push(call.hook);
      const entry = results[call.hook];
      const result = Array.isArray(entry) ? (entry.shift() ?? { ok: true }) : (entry ?? { ok: true });
      if (!result.ok) {
        if (call.onFailure === "ignore") continue;
        return result;
      }
      if (result.outcome) outcome = result.outcome;
    }
    return outcome ? { ok: true, outcome } : { ok: true };
  };
  return { runState, ran };
}

const outcome = (name: string): StateResult => ({ ok: true, outcome: name });

describe("the submitting machine (the tests' copy of the one the claim funnels run)", () => {
  it("declares the eight states of the spec (plus the existing-user stop) and every target exists", () => {
    expect(Object.keys(machine.states)).toEqual(
      expect.arrayContaining([
        "initializing",
        "checking-existing",
        "verifying",
        "otp-challenge",
        "credit-check",
        "account-creation",
        "complete",
        "error",
      ]),
    );
    expect(machine.initial).toBe("initializing");
    for (const state of Object.values(machine.states))
      for (const target of Object.values(state.on ?? {})) expect(machine.states[target]).toBeDefined();
  });

  it("standard provider: initializing → checking-existing → credit-check → account-creation → complete", async () => {
    const { runState, ran } = scripted({ checkSubmissionProgress: outcome("noVerification"), checkExistingUser: outcome("newUser") });
    const end = await runMachine(machine, runState);
    expect(end).toMatchObject({ status: "finished", state: "complete" });
    expect(end.history).toEqual(["initializing", "checking-existing", "credit-check", "account-creation", "complete"]);
    expect(ran).toEqual(["checkSubmissionProgress", "runCreditCheck", "saveClaims", "checkExistingUser", "completeSubmission", "navigate"]);
  });

  it("credit check already done in this session → account-creation; account also done → complete", async () => {
    const done = await runMachine(
      machine,
      scripted({ checkSubmissionProgress: outcome("creditChecked"), checkExistingUser: outcome("newUser") }).runState,
    );
    expect(done.history).toEqual(["initializing", "checking-existing", "account-creation", "complete"]);
    const both = await runMachine(machine, scripted({ checkSubmissionProgress: outcome("accountChecked") }).runState);
    expect(both.history).toEqual(["initializing", "checking-existing", "complete"]);
  });

  it("affiliate provider: an existing verification → credit-check; none → verifying", async () => {
    const found = await runMachine(
      machine,
      scripted({ checkSubmissionProgress: outcome("verificationFound"), checkExistingUser: outcome("newUser") }).runState,
    );
    expect(found.history.slice(0, 3)).toEqual(["initializing", "checking-existing", "credit-check"]);
    const needed = await runMachine(
      machine,
      scripted({
        checkSubmissionProgress: outcome("verificationNeeded"),
        verifyIdentity: outcome("ALLOW"),
        checkExistingUser: outcome("newUser"),
      }).runState,
    );
    expect(needed.history).toEqual(["initializing", "checking-existing", "verifying", "credit-check", "account-creation", "complete"]);
  });

  it("verifying: CHALLENGE → otp-challenge → (code verified) credit-check; BLOCK with an id → credit-check", async () => {
    const challenge = await runMachine(
      machine,
      scripted({
        checkSubmissionProgress: outcome("verificationNeeded"),
        verifyIdentity: outcome("CHALLENGE"),
        waitForEvent: outcome("received"),
        checkExistingUser: outcome("newUser"),
      }).runState,
    );
    expect(challenge.history).toEqual([
      "initializing",
      "checking-existing",
      "verifying",
      "otp-challenge",
      "credit-check",
      "account-creation",
      "complete",
    ]);
    const block = await runMachine(
      machine,
      scripted({
        checkSubmissionProgress: outcome("verificationNeeded"),
        verifyIdentity: outcome("BLOCK"),
        checkExistingUser: outcome("newUser"),
      }).runState,
    );
    expect(block.history).toContain("credit-check");
    expect(block.status).toBe("finished");
  });

  it("account-creation: an existing user stops at the login redirect", async () => {
    const { runState, ran } = scripted({ checkSubmissionProgress: outcome("noVerification"), checkExistingUser: outcome("existingUser") });
    const end = await runMachine(machine, runState);
    expect(end).toMatchObject({ status: "finished", state: "existing-user" });
    expect(ran).not.toContain("completeSubmission");
    expect(machine.states["existing-user"].run).toEqual([{ hook: "navigate", href: "/login?redirect=/portal&status=existing_user" }]);
  });

  it("complete raises 'submitting-complete-t1' and goes to the confirmation step", () => {
    expect(machine.states.complete.run).toEqual([
      { hook: "completeSubmission", event: "submitting-complete-t1" },
      { hook: "navigate", step: "confirmation" },
    ]);
  });

  it.each([
    ["verifyIdentity", "Missing required data for verification"],
    ["verifyIdentity", "Verification failed"],
    ["verifyIdentity", "No verification ID available"],
    ["verifyIdentity", "Verification blocked and no verification ID provided"],
    ["runCreditCheck", "Credit check failed"],
    ["checkExistingUser", "Failed to check user status"],
  ] as const)("a failing %s goes to the error state with '%s'", async (hook, message) => {
    const snapshots: string[] = [];
    const end = await runMachine(
      machine,
      scripted({
        checkSubmissionProgress: outcome("verificationNeeded"),
        verifyIdentity: outcome("ALLOW"),
        [hook]: { ok: false, error: message },
      }).runState,
      { onChange: (s) => snapshots.push(`${s.state}:${s.status}`) },
    );
    expect(end).toMatchObject({ status: "failed", state: "error", error: message });
    expect(snapshots.at(-1)).toBe("error:failed");
  });

  it("a hook that throws gives its message, or the run's generic words", async () => {
    const throwing = (value: unknown) => async () => {
      throw value;
    };
    expect((await runMachine(machine, throwing(new Error("Network down")), { genericError: GENERIC })).error).toBe("Network down");
    expect((await runMachine(machine, throwing("weird"), { genericError: GENERIC })).error).toBe(GENERIC);
  });

  it("the saveClaims failure in credit-check is ignored (onFailure ignore)", async () => {
    const end = await runMachine(
      machine,
      scripted({
        checkSubmissionProgress: outcome("noVerification"),
        saveClaims: { ok: false, error: "down" },
        checkExistingUser: outcome("newUser"),
      }).runState,
    );
    expect(end.status).toBe("finished");
  });
});

describe("interpreter semantics", () => {
  const tiny: MachineDefinition = {
    initial: "a",
    states: {
      a: { on: { done: "b" } },
      b: { run: [{ hook: "wait", ms: 0 }], on: { left: "c" } },
      c: { final: true },
      error: { final: true },
    },
  };

  it("an outcome with no transition from a non-final state is an error", async () => {
    const end = await runMachine(tiny, async () => ({ ok: true, outcome: "right" }), { genericError: GENERIC });
    expect(end).toMatchObject({ status: "failed", state: "error", error: GENERIC });
  });

  it("transition() reports goto, end and error", () => {
    expect(transition(tiny, "a", "done")).toEqual({ kind: "goto", state: "b" });
    expect(transition(tiny, "c", "anything")).toEqual({ kind: "end" });
    expect(transition(tiny, "b", "nope").kind).toBe("error");
    expect(transition(tiny, "missing", "done").kind).toBe("error");
  });

  it("a machine without an error state fails where it is; an unknown initial state fails", async () => {
    const noError: MachineDefinition = { initial: "a", states: { a: { run: [{ hook: "wait", ms: 0 }] } } };
    expect(await runMachine(noError, async () => ({ ok: false, error: "boom" }))).toMatchObject({
      state: "a",
      status: "failed",
      error: "boom",
    });
    expect(await runMachine({ initial: "zzz", states: { a: {} } }, async () => ({ ok: true }))).toMatchObject({ status: "failed" });
  });

  it("a loop is cut off instead of spinning forever", async () => {
    const loop: MachineDefinition = { initial: "a", states: { a: { on: { done: "b" } }, b: { on: { done: "a" } } } };
    expect((await runMachine(loop, async () => ({ ok: true }))).status).toBe("failed");
  });

  it("stops between states once aborted", async () => {
    const controller = new AbortController();
    const end = await runMachine(
      tiny,
      async () => {
        controller.abort();
        return { ok: true, outcome: "left" };
      },
      { signal: controller.signal },
    );
    expect(end).toMatchObject({ state: "b", status: "running" });
  });
});
