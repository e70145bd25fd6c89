/** The README's configuration table is the variables' rows: one row each, none missing, none stale. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README, configurationTable, withConfigurationTable } from "./configDocs";
import { VARIABLES } from "./configVariables";

describe("the README's configuration table", () => {
  it("is the one the rows give (npm run config-docs rewrites it)", () => {
    const readme = readFileSync(README, "utf8");
    expect(readme, "README.md's configuration table is out of date: run npm run config-docs").toContain(configurationTable());
  });

  it("has one row per variable, with the default the row parses", () => {
    const table = configurationTable();
    for (const name of Object.keys(VARIABLES)) expect(table.split(`| \`${name}\` |`)).toHaveLength(2);
    expect(table).toContain("| `PORT` | `3000` | HTTP port; 0 picks a free port |");
    expect(table).toContain("| `DATABASE_URL` | unset |");
    expect(table).toContain("| `ALLOW_SANDBOX` | unset |");
  });

  it("replaces only what lies between the markers", () => {
    const before = `# Title\n\n${configurationTable().replace("HTTP port;", "old text;")}\n\nafter`;
    expect(withConfigurationTable(before)).toBe(`# Title\n\n${configurationTable()}\n\nafter`);
    expect(() => withConfigurationTable("no markers")).toThrow(/no configuration table markers/);
  });
});
