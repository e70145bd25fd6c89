/** Renders a LintReport for people (text) or machines (json). */
import type { LintReport, Problem } from "./types";

export type ReportFormat = "text" | "json";

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** `file:line:column severity code path message (suggestion)`: the shape editors and CI annotate from. */
export function formatProblem(p: Problem): string {
  const suggestion = p.suggestion ? ` (${p.suggestion})` : "";
  return `${p.file}:${p.line}:${p.column} ${p.severity} ${p.code} ${p.path || "/"} ${p.message}${suggestion}`;
}

export function summarise(report: LintReport): { files: number; errors: number; warnings: number } {
  const errors = report.problems.filter((p) => p.severity === "error").length;
  return { files: report.files.length, errors, warnings: report.problems.length - errors };
}

export function formatReport(report: LintReport, format: ReportFormat = "text"): string {
  const summary = summarise(report);
  if (format === "json") return `${JSON.stringify({ ...summary, problems: report.problems }, null, 2)}\n`;
  const checked = `${plural(summary.files, "file")} checked (${plural(report.funnels.length, "funnel")}, ${plural(report.brands.length, "brand")} valid)`;
  const outcome =
    report.problems.length === 0 ? "no problems" : `${plural(summary.errors, "error")}, ${plural(summary.warnings, "warning")}`;
  return [...report.problems.map(formatProblem), `${checked}: ${outcome}`].join("\n") + "\n";
}
