/**
 * Where the block components are: `renderer/blocks/<type>/<Type>Block.tsx`, exporting `<Type>Block`, is the
 * component of block type `<type>`. registry.ts builds the registry from these and from the schema's list of
 * block types, so a new block type needs no line anywhere in the renderer; the server finds a lazily loaded
 * block's code in the build manifest by the same convention (server/spa/serverRender.ts). The files of the
 * blocks loaded on demand are listed in onDemandBlockFiles.ts, itself loaded on demand.
 */
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

/** The component's export, by the convention above. */
export function blockComponentName(type: string): string {
  return `${type[0].toUpperCase()}${type.slice(1)}Block`;
}

/** The component's file, as the glob of onDemandBlockFiles.ts names it. */
export function blockComponentFile(type: string): string {
  return `./${type}/${blockComponentName(type)}.tsx`;
}
