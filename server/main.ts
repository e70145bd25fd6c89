/**
 * The server's entry point (compiled to dist/server/main.js by `npm run build`; `npm run serve` runs it from source).
 * How it starts and stops: runServer.ts.
 */
import { runServer } from "./runServer";

await runServer();
