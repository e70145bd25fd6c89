/** The lint's public API. */
export { lintDefinitions } from "./lint-definitions";
export { formatReport, formatProblem, summarise, type ReportFormat } from "./format-report";
export type { LintReport, Problem, ProblemCode, Severity } from "./types";
