import type { HookImplementation } from "../runtime/runtime";

export const wait: HookImplementation<"wait"> = (call) => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), call.ms));
