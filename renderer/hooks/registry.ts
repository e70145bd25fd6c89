/**
 * The client hook registry: each hook's implementation, found in the hook files (hookFiles.ts), so a new hook
 * needs no line here. registries.test.ts fails, naming the hook, when a hook of schema/hooks/index.ts has no
 * implementation, or a hook file no manifest.
 */
import type { HookName } from "../../schema/types";
import type { HookImplementation } from "../runtime/runtime";
import { hookFiles } from "./hookFiles";

export const hookRegistry = Object.fromEntries(
  Object.entries(hookFiles).map(([file, module]) => {
    const name = file.slice("./".length, -".ts".length);
    return [name, module[name]];
  }),
) as unknown as { [N in HookName]: HookImplementation<N> };
