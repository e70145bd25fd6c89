/**
 * The flow as a standalone SVG, drawn without a browser: steps stacked in
 * funnel order, site paths in a column on the right, Next to the following
 * step as a short arrow, every other rule as a labelled curve beside them.
 */
import type { FlowGraph } from "./flow-model";

const STEP_X = 40;
const STEP_WIDTH = 340;
const LINE = 16;
const GAP = 44;
const PAGE_X = 760;
const PAGE_WIDTH = 220;

function escape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Long lines (a machine's states, a long condition) wrapped to fit the box, at a separator where there is one. */
function wrapLine(line: string, width = 48): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = Math.max(rest.lastIndexOf(", ", width), rest.lastIndexOf(" → ", width), rest.lastIndexOf(" ", width));
    const at = cut > 10 ? cut : width;
    out.push(rest.slice(0, at + (rest[at] === "," ? 1 : 0)));
    rest = `  ${rest.slice(at).replace(/^,?\s*/, "")}`;
  }
  return [...out, rest];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function toSvg(graph: FlowGraph): string {
  const boxes = new Map<string, Box>();
  const shapes: string[] = [];
  let y = 56;
  for (const step of graph.steps) {
    const lines = [...(step.includeWhen ? [`only when ${step.includeWhen}`] : []), ...step.hooks].flatMap((l) => wrapLine(l));
    const height = 30 + lines.length * LINE;
    boxes.set(step.id, { x: STEP_X, y, width: STEP_WIDTH, height });
    const dashed = step.includeWhen ? ' stroke-dasharray="6 4"' : "";
    shapes.push(`<rect x="${STEP_X}" y="${y}" width="${STEP_WIDTH}" height="${height}" rx="8" fill="#eef4fb" stroke="#0b5cad"${dashed}/>`);
    shapes.push(`<text x="${STEP_X + 12}" y="${y + 20}" font-weight="bold">${escape(step.id)}</text>`);
    lines.forEach((line, i) => shapes.push(`<text x="${STEP_X + 12}" y="${y + 38 + i * LINE}" font-size="12">${escape(line)}</text>`));
    y += height + GAP;
  }
  const pages = [...new Set([...graph.edges.map((e) => e.to), ...graph.redirects.map((r) => r.from)].filter((t) => t.startsWith("/")))];
  pages.forEach((page, i) => {
    const box = { x: PAGE_X, y: 56 + i * 60, width: PAGE_WIDTH, height: 32 };
    boxes.set(page, box);
    shapes.push(`<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="16" fill="#fff8e6" stroke="#8a5a00"/>`);
    shapes.push(`<text x="${box.x + 14}" y="${box.y + 21}">${escape(page)}</text>`);
  });
  const arrows: string[] = [];
  let lane = 0;
  const all = [
    ...graph.edges,
    ...graph.redirects.map((r) => ({ from: r.from, to: r.to, label: `redirect: ${r.label}`, kind: "redirect" as const })),
  ];
  for (const edge of all) {
    const from = boxes.get(edge.from);
    const to = boxes.get(edge.to);
    if (!from || !to) continue;
    const dashed = edge.kind === "skip" || edge.kind === "hook" || edge.kind === "redirect" ? ' stroke-dasharray="5 4"' : "";
    const adjacent = edge.kind === "fallthrough" && to.x === from.x && to.y > from.y && to.y - (from.y + from.height) === GAP;
    let path: string;
    let labelAt: [number, number];
    if (adjacent) {
      const x = from.x + 40;
      path = `M${x} ${from.y + from.height} L${x} ${to.y - 2}`;
      labelAt = [x + 8, from.y + from.height + GAP / 2 + 4];
    } else if (to.x === from.x) {
      lane++;
      const bend = from.x + from.width + 24 + (lane % 8) * 40;
      const [y1, y2] = [from.y + from.height / 2, to.y + to.height / 2];
      path = `M${from.x + from.width} ${y1} C${bend} ${y1} ${bend} ${y2} ${to.x + to.width + 2} ${y2}`;
      labelAt = [bend - 20, (y1 + y2) / 2];
    } else {
      const [x1, y1] = from.x < to.x ? [from.x + from.width, from.y + from.height / 2] : [from.x, from.y + from.height / 2];
      const [x2, y2] = from.x < to.x ? [to.x - 2, to.y + to.height / 2] : [to.x + to.width + 2, to.y + to.height / 2];
      path = `M${x1} ${y1} C${(x1 + x2) / 2} ${y1} ${(x1 + x2) / 2} ${y2} ${x2} ${y2}`;
      labelAt = [(x1 + x2) / 2 - 40, (y1 + y2) / 2 - 4];
    }
    arrows.push(`<path d="${path}" fill="none" stroke="#444"${dashed} marker-end="url(#arrow)"/>`);
    if (edge.label) arrows.push(`<text x="${labelAt[0]}" y="${labelAt[1]}" font-size="11" fill="#333">${escape(edge.label)}</text>`);
  }
  const height = Math.max(y, 56 + pages.length * 60) + 20;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_X + PAGE_WIDTH + 40}" height="${height}" font-family="system-ui, sans-serif" font-size="14" role="img" aria-label="${escape(`Flow of ${graph.title}`)}">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#444"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${STEP_X}" y="32" font-size="18" font-weight="bold">${escape(`${graph.title} (/claim/${graph.path})`)}</text>`,
    ...shapes,
    ...arrows,
    "</svg>",
    "",
  ].join("\n");
}
