/** App instances as child processes (`node --import tsx server/main.ts`), killed with SIGKILL and started again. */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface Instance {
  port: number;
  process: ChildProcess | null;
  starts: number;
  /** Exits nobody asked for (e.g. start-up failed); each is followed by a new start, as an orchestrator would. */
  unexpectedExits: number;
}

export class Instances {
  readonly list: Instance[];

  constructor(
    ports: number[],
    private readonly env: Record<string, string>,
    private readonly logDir: string,
    /** Node options for each instance, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */
    private readonly nodeArgs: string[] = [],
  ) {
    this.list = ports.map((port) => ({ port, process: null, starts: 0, unexpectedExits: 0 }));
  }

  start(instance: Instance) {
    const log = createWriteStream(path.join(this.logDir, `instance-${instance.port}.log`), { flags: "a" });
    const child = spawn(process.execPath, [...this.nodeArgs, "--import", "tsx", path.join(ROOT, "server/main.ts")], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(instance.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    instance.process = child;
    instance.starts++;
    child.once("exit", () => {
      if (instance.process !== child) return; // killed or stopped on purpose
      instance.unexpectedExits++;
      instance.process = null;
      setTimeout(() => this.start(instance), 1000);
    });
  }

  startAll() {
    for (const instance of this.list) this.start(instance);
  }

  /** kill -9: no shutdown of any kind, as when a machine dies. */
  kill(instance: Instance) {
    instance.process?.kill("SIGKILL");
    instance.process = null;
  }

  async waitReady(instance: Instance, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${instance.port}/api/ready`);
        if (res.status === 200) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`instance on port ${instance.port} not ready after ${timeoutMs} ms (see instance-${instance.port}.log)`);
  }

  /** SIGTERM, and SIGKILL for any that has not exited after a few seconds, so the ports are free for the next run. */
  async stopAll() {
    await Promise.all(
      this.list.map(async (instance) => {
        const child = instance.process;
        instance.process = null;
        if (!child || child.exitCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }
}
