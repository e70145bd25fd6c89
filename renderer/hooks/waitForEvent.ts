import type { HookImplementation } from "../runtime/runtime";

/** Waits for a window event the page raises (e.g. the one-time-code dialog's 'one-time-code-verified'). */
export const waitForEvent: HookImplementation<"waitForEvent"> = (call) =>
  new Promise((resolve) => {
    const onEvent = () => {
      window.removeEventListener(call.event, onEvent);
      resolve({ ok: true, outcome: "received" });
    };
    window.addEventListener(call.event, onEvent);
  });
