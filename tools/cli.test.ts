import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

const root = fileURLToPath(new URL("..", import.meta.url));
const broken = fileURLToPath(new URL("../lint/fixtures/broken/unknown-block.json", import.meta.url));

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe("funnel lint", () => {
  it("exits 0 on the real definitions", async () => {
    const { code, stdout } = await run("lint", `${root}definitions`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\d+ files checked .*: no problems\n$/);
  });

  it("exits 1 and prints the problem when there is an error", async () => {
    const { code, stdout } = await run("lint", broken);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /unknown-block\.json:85:19 error unknown-block \/steps\/3\/blocks\/2\/type Unknown block type 'paragaph' \(did you mean 'paragraph'\?\)/,
    );
  });

  it("prints parseable JSON with --format json", async () => {
    const { code, stdout } = await run("lint", broken, "--format", "json");
    expect(code).toBe(1);
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({ files: 1, errors: 1, warnings: 0 });
    expect(parsed.problems[0]).toMatchObject({ code: "unknown-block", line: 85, column: 19, suggestion: "did you mean 'paragraph'?" });
    expect((await run("lint", `${root}definitions`, "--format=json")).code).toBe(0);
  });

  it("prints help with --help and exits 0", async () => {
    const { code, stdout } = await run("--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: funnel lint/);
  });

  it.each([
    [["lint", "--format", "xml"], /--format must be text or json/],
    [["lint", "--verbose"], /Unknown option '--verbose'/],
    [["graph"], /missing version/],
    [["deploy"], /unknown command .deploy./],
    [["new", "v9"], /new needs --from/],
    [[], /missing command/],
    [["lint", "no/such/dir"], /no such file or directory: no\/such\/dir/],
  ])("exits 2 on bad usage: %j", async (args, message) => {
    const { code, stderr, stdout } = await run(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/Usage: funnel lint/);
    expect(stdout).toBe("");
  });
});

describe("tools/bin/funnel.mjs", () => {
  const launch = (...args: string[]) => spawnSync(process.execPath, ["tools/bin/funnel.mjs", ...args], { cwd: root, encoding: "utf8" });

  it("runs the TypeScript CLI from the project root with its default path", () => {
    const result = launch("lint");
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/no problems/);
    expect(result.status).toBe(0);
  });

  it("passes the exit status through", () => {
    expect(launch("lint", broken).status).toBe(1);
    expect(launch("lint", "--format", "yaml").status).toBe(2);
  });
});

describe("funnel --help", () => {
  it("lists every problem code", async () => {
    const { PROBLEM_CODES } = await import("../lint/types");
    const { stdout } = await run("--help");
    const listed = stdout.slice(stdout.indexOf("Problem codes")).match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
    for (const code of PROBLEM_CODES) expect(listed, code).toContain(code);
  });
});

describe("the definitions guide", () => {
  it("is linked from the README, and every recipe ends with the lint command and its 'no problems' line", async () => {
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(`${root}README.md`, "utf8")).toContain("](definitions/README.md)");
    const guide = readFileSync(`${root}definitions/README.md`, "utf8");
    const recipes = guide
      .slice(guide.indexOf("## Recipes"), guide.indexOf("\n## ", guide.indexOf("## Recipes") + 3))
      .split("\n### ")
      .slice(1);
    expect(recipes.map((r) => r.split("\n")[0])).toEqual(
      expect.arrayContaining([
        "Change copy",
        "Reorder steps",
        "Add a brand",
        "Add a version",
        "Add a field with a rule",
        "Skip a step on an answer",
        "Change a shared message",
      ]),
    );
    for (const recipe of recipes)
      expect(recipe.trimEnd(), recipe.split("\n")[0]).toMatch(/npx funnel lint [^\n]+\n# \d+ files? checked \([^)]*\): no problems\n```$/);
  });
});
