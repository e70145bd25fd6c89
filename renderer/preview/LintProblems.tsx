/** The lint's problems with the definitions on disk, each with its file:line:column, at the top of every preview page. */
import type { PreviewProblem } from "../../engine/previewBoot";

export function LintProblems({ problems }: { problems: PreviewProblem[] }) {
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.severity === "error").length;
  return (
    <aside className="preview-problems" aria-labelledby="preview-problems-title" role="alert">
      <h2 id="preview-problems-title">
        {errors
          ? `The definitions have ${errors} error${errors === 1 ? "" : "s"}: showing the last good version`
          : "The definitions have warnings"}
      </h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <code>
              {p.file}:{p.line}:{p.column}
            </code>{" "}
            {p.severity} {p.code}: {p.message}
            {p.suggestion ? ` (${p.suggestion})` : ""}
          </li>
        ))}
      </ul>
    </aside>
  );
}
