import type { HookImplementation } from "../funnel/runtime";

export const wait: HookImplementation<"wait"> = (call) => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), call.ms));
