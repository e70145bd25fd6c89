import type { ParsedSource } from "./source";
import type { Finding, Problem } from "./types";

/** A check's finding as a problem in a file: where it sits (line and column of its JSON pointer) and what it says. */
export function placeFinding(file: string, source: ParsedSource, finding: Finding): Problem {
  const { line, column } = source.locate(finding.path, finding.at, finding.token);
  return {
    file,
    line,
    column,
    path: finding.path,
    code: finding.code,
    severity: finding.severity,
    message: finding.message,
    ...(finding.suggestion ? { suggestion: finding.suggestion } : {}),
  };
}
