import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The renderer is built once; brand and funnel JSON arrive at run time in the
// boot script the server inlines, so an editor's change needs no rebuild.
export default defineConfig({
  root: "renderer",
  publicDir: "public",
  plugins: [react()],
  build: {
    // RENDERER_OUT_DIR lets parallel test runs build side by side (the server reads RENDERER_DIR).
    outDir: process.env.RENDERER_OUT_DIR ? `../${process.env.RENDERER_OUT_DIR}` : "../dist/renderer",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
  },
});
