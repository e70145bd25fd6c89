/** The flow as a Mermaid flowchart, which GitHub draws from a ```mermaid block. */
import type { FlowGraph } from "./flow-model";

/** Mermaid labels sit in double quotes; these characters would end or break them. */
function text(value: string): string {
  return value.replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;");
}

export function toMermaid(graph: FlowGraph): string {
  const ids = new Map<string, string>();
  const node = (name: string) => {
    if (!ids.has(name)) ids.set(name, name.startsWith("/") ? `page${ids.size}` : `s${ids.size}`);
    return ids.get(name)!;
  };
  const lines = ["flowchart TD"];
  for (const step of graph.steps) {
    const parts = [`<b>${step.id}</b>`, ...(step.includeWhen ? [`only when ${step.includeWhen}`] : []), ...step.hooks];
    lines.push(`  ${node(step.id)}["${parts.map((p, i) => (i === 0 ? p : text(p))).join("<br/>")}"]`);
  }
  const pages = [...new Set([...graph.edges.map((e) => e.to), ...graph.redirects.map((r) => r.from)].filter((t) => t.startsWith("/")))];
  for (const page of pages) lines.push(`  ${node(page)}(["${text(page)}"])`);
  for (const edge of graph.edges) {
    const label = edge.label ? `|"${text(edge.label)}"|` : "";
    const arrow = edge.kind === "skip" || edge.kind === "hook" ? "-.->" : "-->";
    lines.push(`  ${node(edge.from)} ${arrow}${label} ${node(edge.to)}`);
  }
  for (const redirect of graph.redirects)
    lines.push(`  ${node(redirect.from)} -.->|"redirect: ${text(redirect.label)}"| ${node(redirect.to)}`);
  return `${lines.join("\n")}\n`;
}
