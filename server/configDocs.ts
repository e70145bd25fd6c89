/**
 * The README's configuration table, written from the variables' rows (configVariables.ts): one row per variable,
 * its default as the row parses it (or as the row says when another module holds it).
 */
import path from "node:path";
import { PROJECT_ROOT } from "../lint/projectRoot";
import { PATTERN_VARIABLES, VARIABLES, type Variable } from "./configVariables";

export const README = path.join(PROJECT_ROOT, "README.md");
export const TABLE_START = "<!-- configuration table: written by npm run config-docs -->";
export const TABLE_END = "<!-- end of the configuration table -->";

function shownDefault(row: Variable): string {
  if (row.shownDefault) return row.shownDefault;
  const parsed = row.parse.safeParse(undefined);
  return parsed.success && parsed.data !== undefined && parsed.data !== false ? `\`${String(parsed.data)}\`` : "unset";
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The table, with its markers. */
export function configurationTable(): string {
  const rows = [
    ...Object.entries(VARIABLES).map(([name, row]) => `| \`${name}\` | ${cell(shownDefault(row))} | ${cell(row.doc)} |`),
    ...PATTERN_VARIABLES.map((row) => `| \`${row.name}\` | ${cell(row.shownDefault)} | ${cell(row.doc)} |`),
  ];
  return [TABLE_START, "| variable | default | meaning |", "|---|---|---|", ...rows, TABLE_END].join("\n");
}

/** The README with its configuration table replaced by the one the rows give. */
export function withConfigurationTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no configuration table markers (${TABLE_START})`);
  return readme.slice(0, start) + configurationTable() + readme.slice(end + TABLE_END.length);
}
