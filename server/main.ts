/** `npm run serve`: start the server, say where and how fast, stop cleanly on SIGINT / SIGTERM. */
import { performance } from "node:perf_hooks";
import { start } from "./app";

const began = performance.now();

try {
  const server = await start();
  console.log(`Claim funnels server listening on ${server.url}`);
  console.log(`ready in ${Math.round(performance.now() - began)} ms`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
