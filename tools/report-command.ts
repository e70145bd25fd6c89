/**
 * `funnel report --brand <id> [--since 7d|YYYY-MM-DD] [--format text|json]`: the brand's funnel analytics from
 * the daily rollups (server/analytics/report.ts), rolled up first so today's visits count. It opens the
 * server's database with the server's settings (DATABASE_URL, or PGLITE_DIR: stop a server on the embedded
 * database first).
 */
import { lintDefinitions } from "./lint";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `7d` (the last 7 days, today included) or a date; null when neither. */
export function sinceDay(text: string, now: Date): string | null {
  const days = /^(\d{1,4})d$/.exec(text);
  if (days) return new Date(now.getTime() - (Number(days[1]) - 1) * DAY_MS).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null;
}

export interface ReportCommandInput {
  brandId: string;
  since: string;
  format: "text" | "json";
  definitionsDir: string;
  env?: Record<string, string | undefined>;
}

/** The report's text, or a message for stderr when the brand is unknown. */
export async function reportCommand(input: ReportCommandInput): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const definitions = await lintDefinitions([input.definitionsDir]);
  if (!definitions.brands.some((b) => b.brandId === input.brandId)) {
    return { ok: false, error: `no brand '${input.brandId}' (brands: ${definitions.brands.map((b) => b.brandId).join(", ")})` };
  }
  // Loaded here, not with the CLI: lint and graph need no database.
  const { openOperatorDb } = await import("../server/commands/operatorDb");
  const { runRollup } = await import("../server/analytics/rollup");
  const { buildReport, formatReportText } = await import("../server/analytics/report");
  const { db } = await openOperatorDb(input.env);
  try {
    await runRollup(db, new Date());
    const report = await buildReport(db, { brandId: input.brandId, since: input.since, funnels: definitions.funnels });
    return { ok: true, text: input.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatReportText(report) };
  } finally {
    await db.close();
  }
}
