/**
 * The PostgreSQL server tools/with-postgres.sh started (TEST_PG_BIN, TEST_PG_DIR,
 * TEST_PG_PORT): a fresh database per run, connection counts, and a restart
 * (stop -m immediate, as in a crash, then start) for the outage drill.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";

export function runDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery<T = Record<string, unknown>>(adminUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

function pgCtl(args: string[]) {
  const bin = process.env.TEST_PG_BIN;
  const dir = process.env.TEST_PG_DIR;
  if (!bin || !dir) throw new Error("restarting PostgreSQL needs TEST_PG_BIN and TEST_PG_DIR (run under tools/with-postgres.sh)");
  const command = [`${bin}/pg_ctl`, "-D", `${dir}/data`, ...args];
  // PostgreSQL refuses to run as root; tools/with-postgres.sh runs it as the postgres user.
  if (process.getuid?.() === 0) {
    const quoted = command.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    execFileSync("su", ["postgres", "-s", "/bin/bash", "-c", quoted], { stdio: "ignore" });
  } else {
    execFileSync(command[0], command.slice(1), { stdio: "ignore" });
  }
}

export function stopPostgres() {
  pgCtl(["-m", "immediate", "-w", "stop"]);
}

export function startPostgres() {
  const dir = process.env.TEST_PG_DIR;
  const port = process.env.TEST_PG_PORT;
  pgCtl(["-l", `${dir}/server.log`, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-w", "start"]);
}

/** Connections to the run's database by state, sampled while the load runs. */
export class ConnectionSampler {
  private readonly samples: { total: number; active: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private client: pg.Client | null = null;

  constructor(
    private readonly adminUrl: string,
    private readonly database: string,
  ) {}

  start(everyMs = 500) {
    const tick = async () => {
      try {
        if (!this.client) {
          const client = new pg.Client({ connectionString: this.adminUrl });
          client.on("error", () => {});
          await client.connect();
          this.client = client;
        }
        const { rows } = await this.client.query<{ total: string; active: string }>(
          "SELECT count(*) AS total, count(*) FILTER (WHERE state <> 'idle') AS active FROM pg_stat_activity WHERE datname = $1",
          [this.database],
        );
        this.samples.push({ total: Number(rows[0].total), active: Number(rows[0].active) });
      } catch {
        // The server is down (the outage drill): reconnect on the next tick.
        await this.client?.end().catch(() => {});
        this.client = null;
      }
      this.timer = setTimeout(tick, everyMs);
    };
    void tick();
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    await this.client?.end().catch(() => {});
  }

  summary() {
    const n = this.samples.length || 1;
    const max = (k: "total" | "active") => Math.max(0, ...this.samples.map((s) => s[k]));
    const avg = (k: "total" | "active") => +(this.samples.reduce((sum, s) => sum + s[k], 0) / n).toFixed(1);
    return {
      samples: this.samples.length,
      open: { max: max("total"), average: avg("total") },
      inUse: { max: max("active"), average: avg("active") },
    };
  }
}
