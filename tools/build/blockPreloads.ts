/**
 * Which files Vite's loader asks for beside a lazily imported chunk (build.modulePreload.resolveDependencies).
 *
 * Every dynamic import in the first page's chunk carries the list of its chunk's code and style files, all
 * written into that chunk, so the loader can fetch them side by side. A block's chunk (blocks/<type>/<Type>Block.tsx)
 * is asked for ahead of need: the server links the blocks of the step it draws, with everything they import,
 * into the page (server/spa/serverRender.ts), and the runner loads those of the steps ahead from the visitor's
 * first action. So a block's chunk keeps only its stylesheets (Vite adds those itself, whatever this returns: they
 * must be in before the block shows) and its code's own imports are fetched when it arrives. That leaves about
 * 0.5 KB gzip of file names out of every first page. Pages (the portal, sign-in…) keep the whole list: the
 * browser asks for their code only when it is about to draw them.
 */
const BLOCK_CHUNK = /(?:^|\/)[A-Z][A-Za-z0-9]*Block-[\w-]+\.js$/;

export function preloadsOf(chunkFile: string, dependencies: string[]): string[] {
  return BLOCK_CHUNK.test(chunkFile) ? [] : dependencies;
}
