/**
 * Where the block components are: `renderer/blocks/<type>/<Type>Block.tsx`, exporting `<Type>Block`, is the
 * component of block type `<type>`. registry.ts builds the registry from these, so a new block type needs no
 * line anywhere in the renderer; the server finds a lazily loaded block's code in the build manifest by the same
 * convention (server/spa/serverRender.ts).
 */
import type { ComponentType } from "react";
import { HeadingBlock } from "./heading/HeadingBlock";
import { ParagraphBlock } from "./paragraph/ParagraphBlock";
import { TextInputBlock } from "./textInput/TextInputBlock";

/**
 * The blocks bundled with the first page: headings, paragraphs and text inputs, on nearly every step. Every other
 * block (choices, dates, calls to action, cards, notices, disclaimers, heavy widgets) loads when a step needs it:
 * the server preloads the blocks of the step it draws, and the runner those of the step Next leads to, from the
 * visitor's first action.
 */
export const firstPageBlocks = { heading: HeadingBlock, paragraph: ParagraphBlock, textInput: TextInputBlock };

/**
 * Every other block's component, loaded on demand, by file (`./<type>/<Type>Block.tsx`). Vite takes a glob only
 * as written out, so the first page's blocks are left out here by name (an on-demand import of a module already in
 * the first page's chunk would add bytes to it for nothing); registry.ts fails in development and in the tests when
 * a first-page block is also found here.
 */
export const onDemandBlockFiles = import.meta.glob<Record<string, ComponentType<object>>>([
  "./*/[A-Z]*Block.tsx",
  "!./{heading,paragraph,textInput}/*",
]);
