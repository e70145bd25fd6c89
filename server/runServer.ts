/**
 * Starts the server as a process runs it: say where and how fast, and on SIGINT / SIGTERM stop accepting, finish
 * the requests in flight, release outbox leases and exit 0, all within 10 seconds. Used by server/main.ts and the
 * end-to-end tests' entry (server/testing/e2eMain.ts), so both stop the same way.
 */
import { performance } from "node:perf_hooks";
import { start, type StartOptions } from "./app";

export async function runServer(options: StartOptions = {}): Promise<void> {
  try {
    const server = await start(options);
    console.log(`Claim funnels server listening on ${server.url}`);
    // Counted from the process's start (node's time origin), module loading included: what a restart costs.
    console.log(`ready in ${Math.round(performance.now())} ms`);
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received, shutting down`);
      // A last resort: stop() gives requests in flight 7 s, so this fires only if something hangs.
      setTimeout(() => {
        console.error("Shutdown took longer than 9.5 s; exiting");
        process.exit(1);
      }, 9500).unref();
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
}
