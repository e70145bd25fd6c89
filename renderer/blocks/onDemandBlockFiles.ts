/**
 * Every other block's component (not a first-page block: componentFiles.ts), loaded on demand, by file
 * (`./<type>/<Type>Block.tsx`). This list is loaded on demand too, with the first block that needs it: written
 * into the first page, the file names of every block chunk and of each one's stylesheets weighed about 1.2 KB
 * gzip there. The server links it, beside the blocks, into a page whose step has a lazily loaded block.
 *
 * Vite takes a glob only as written out, so the first page's blocks are left out here by name (an on-demand
 * import of a module already in the first page's chunk would add bytes to it for nothing); registries.test.ts
 * fails when a first-page block is also found here, or a block type is found in neither.
 */
import type { ComponentType } from "react";

export const onDemandBlockFiles = import.meta.glob<Record<string, ComponentType<object>>>([
  "./*/[A-Z]*Block.tsx",
  "!./{heading,paragraph,textInput}/*",
]);
