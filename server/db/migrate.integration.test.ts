/** Migrations, the lender seed and the PGlite data directory, on the embedded database. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../lenders/catalogue";
import { seedLenders } from "../lenders/seed";
import type { Db } from "./db";
import { migrate, readMigrations } from "./migrate";
import { openPglite } from "./pglite";
import { runDatabaseContract } from "./database.contract";

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "pglite-")), "nested", "data");
  db = await openPglite(dir);
});
afterAll(async () => {
  await db?.close();
  rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
});

describe("PGlite on disk", () => {
  it("creates the data directory and holds a lock file naming this process", () => {
    expect(existsSync(dir)).toBe(true);
    expect(readFileSync(path.join(dir, ".server.lock"), "utf8")).toBe(String(process.pid));
  });

  it("refuses a directory another live process holds", async () => {
    const other = mkdtempSync(path.join(tmpdir(), "pglite-locked-"));
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(other, ".server.lock"), String(process.ppid));
    await expect(openPglite(other)).rejects.toThrow(/in use by process/);
    rmSync(other, { recursive: true, force: true });
  });

  it("migrations are numbered files applied once, in order", async () => {
    const names = readMigrations().map((m) => m.name);
    expect(names[0]).toBe("001_initial");
    expect(names).toEqual([...names].sort());
    expect(await migrate(db)).toEqual(names);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual(names.map((n) => n.slice(0, 3)));
  });

  it("seeding lenders twice changes nothing", async () => {
    const catalogue = loadCatalogue();
    await seedLenders(db, catalogue);
    await seedLenders(db, catalogue);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lenders");
    expect(rows[0].n).toBe(catalogue.lenders.length);
    const { rows: links } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM company_lenders WHERE company_id = 'fairway-legal'",
    );
    expect(links[0].n).toBe(catalogue.lenders.length);
  });

  it("passes the database contract shared with PostgreSQL", async () => {
    await runDatabaseContract(db);
  });
});
