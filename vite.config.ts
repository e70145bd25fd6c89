import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompressAssets } from "./tools/precompressAssets";

// RENDERER_OUT_DIR lets parallel test runs build side by side (the server reads RENDERER_DIR).
const clientOut = process.env.RENDERER_OUT_DIR ? `../${process.env.RENDERER_OUT_DIR}` : "../dist/renderer";

// The renderer is built once; brand and funnel JSON arrive at run time in the
// boot script the server inlines, so an editor's change needs no rebuild.
// `vite build --ssr entry-server.tsx` builds the server's renderer beside it (`<out>-ssr`), never among
// the files served to browsers.
export default defineConfig(({ isSsrBuild }) => ({
  root: "renderer",
  publicDir: isSsrBuild ? false : "public",
  plugins: isSsrBuild ? [react()] : [react(), precompressAssets()],
  build: {
    outDir: isSsrBuild ? `${clientOut}-ssr` : clientOut,
    emptyOutDir: true,
    sourcemap: false,
    // The server reads which CSS and code a lazily loaded block needs, to link them into a server-rendered step.
    manifest: !isSsrBuild,
    target: isSsrBuild ? "node20" : "es2022",
  },
}));
