/**
 * Loads lazily imported blocks ahead of a render. The server loads them all once, so its synchronous render
 * draws them in full; the browser loads the current step's before hydrating, so hydration never meets a
 * block whose code is still on its way (React would then swap the server's HTML for the spinner, and the page
 * would jump).
 */
import { loadLazyComponents } from "../components/loadLazyComponents";
import { blockRegistry } from "./registry";

export function loadLazyBlocks(types: readonly string[] = Object.keys(blockRegistry)): Promise<void> {
  const registry = blockRegistry as unknown as Record<string, unknown>;
  return loadLazyComponents([...new Set(types)].map((type) => registry[type]));
}
