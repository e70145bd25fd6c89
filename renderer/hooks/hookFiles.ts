/**
 * Where the hooks are: each file directly in renderer/hooks/, `<name>.ts` exporting `<name>`, is the hook of that
 * name. registry.ts builds the registry from these, so a new hook needs no line anywhere in the renderer. What
 * several hooks share lives in a sub-folder (`shared/`, `creditCheck/`), so it is never taken for a hook.
 */
import type { HookImplementation } from "../runtime/runtime";

export const hookFiles = import.meta.glob<Record<string, HookImplementation<never>>>(
  ["./*.ts", "!./*.test.ts", "!./registry.ts", "!./hookFiles.ts"],
  { eager: true },
);
