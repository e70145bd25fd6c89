import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { precompressAssets } from "./tools/precompressAssets";
import { reactRouterPurity } from "./tools/build/reactRouterPurity";
import { firstPageChunkName } from "./tools/build/firstPageChunk";
import { browserManifests } from "./tools/build/browserManifests";
import { minifyPublicScripts } from "./tools/build/minifyPublicScripts";
import { preloadsOf } from "./tools/build/blockPreloads";

// RENDERER_OUT_DIR lets parallel test runs build side by side (the server reads RENDERER_DIR).
const clientOut = process.env.RENDERER_OUT_DIR ? `../${process.env.RENDERER_OUT_DIR}` : "../dist/renderer";

const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

// The renderer is built once; brand and funnel JSON arrive at run time in the
// boot script the server inlines, so an editor's change needs no rebuild.
// `vite build --ssr entry-server.tsx` builds the server's renderer beside it (`<out>-ssr`), never among
// the files served to browsers.
export default defineConfig(({ isSsrBuild }) => ({
  root: "renderer",
  publicDir: isSsrBuild ? false : "public",
  plugins: isSsrBuild ? [react()] : [react(), browserManifests(), reactRouterPurity(), minifyPublicScripts(), precompressAssets()],
  // react-router's package points every condition at its development build, which keeps its dev-only
  // warnings; browsers get its production build (the same code with those warnings switched off).
  resolve: isSsrBuild ? {} : { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
  build: {
    outDir: isSsrBuild ? `${clientOut}-ssr` : clientOut,
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the funnels support preloads modules itself (Safari from 17, Firefox from 115); Vite's polyfill
    // for older ones was about 0.4 KiB gzip of the first page, and without it they only load a step's code unhurried.
    // A lazily loaded block's chunk is fetched with its stylesheets only (tools/build/blockPreloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: preloadsOf },
    // The server reads which CSS and code a lazily loaded block needs, to link them into a server-rendered step.
    manifest: !isSsrBuild,
    target: isSsrBuild ? "node20" : "es2022",
    // Everything the first page runs is one chunk (tools/build/firstPageChunk.ts); lazily loaded code is not.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: firstPageChunkName() }] } } },
  },
}));
