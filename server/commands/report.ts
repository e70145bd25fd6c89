/**
 * The funnel report for one brand (`npx funnel report`, which runs this), from the daily rollups: rolled up
 * first, under the rollup's advisory lock, so today's visits count. Uses the server's settings (DATABASE_URL,
 * or PGLITE_DIR: stop a server on the embedded database first; DEFINITIONS_DIR for the funnels' step order).
 *
 *   npx tsx server/commands/report.ts --brand <id> [--since 7d|YYYY-MM-DD] [--format text|json]
 */
import { runRollup } from "../analytics/rollup";
import { buildReport, formatReportText } from "../analytics/report";
import { loadConfig } from "../config";
import { loadDefinitions } from "../definitions";
import { openOperatorDb, option } from "./operatorDb";
import { isCommandLine } from "./runAsCommand";
import path from "node:path";

const DAY_MS = 24 * 60 * 60 * 1000;
const USAGE = "usage: npx tsx server/commands/report.ts --brand <id> [--since 7d|YYYY-MM-DD] [--format text|json]";

/** `7d` (the last 7 days, today included) or a date; null when neither. */
export function sinceDay(text: string, now: Date): string | null {
  const days = /^(\d{1,4})d$/.exec(text);
  if (days && Number(days[1]) >= 1) return new Date(now.getTime() - (Number(days[1]) - 1) * DAY_MS).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null;
}

export async function reportCommand(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; out: string }> {
  const brandId = option(args, "brand");
  const since = sinceDay(option(args, "since") ?? "30d", new Date());
  const format = option(args, "format") ?? "text";
  if (!brandId || !since || (format !== "text" && format !== "json")) return { code: 2, out: `${USAGE}\n` };
  const config = loadConfig(env);
  const { funnels, brands } = await loadDefinitions(config.definitionsDir ? path.resolve(process.cwd(), config.definitionsDir) : undefined);
  if (!brands.some((b) => b.brandId === brandId)) {
    return { code: 2, out: `no brand '${brandId}' (brands: ${brands.map((b) => b.brandId).join(", ")})\n` };
  }
  const { db } = await openOperatorDb(env);
  try {
    await runRollup(db, new Date());
    const report = await buildReport(db, { brandId, since, funnels });
    return { code: 0, out: format === "json" ? `${JSON.stringify(report, null, 2)}\n` : `${formatReportText(report)}\n` };
  } finally {
    await db.close();
  }
}

if (isCommandLine(import.meta.url)) {
  const { code, out } = await reportCommand(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(out);
  process.exitCode = code;
}
