/** The `funnel` command line, as a function so tests run it in-process. */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { dirname, join } from "node:path";
import { buildFlowGraph } from "./graph/flow-model";
import { toMermaid } from "./graph/mermaid";
import { toSvg } from "./graph/svg";
import { formatReport, lintDefinitions, summarise, type ReportFormat } from "../lint";
import { PROBLEM_CODES } from "../lint/types";
import { newFunnel } from "./new-funnel";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const CODES = PROBLEM_CODES.join(", ")
  .replace(/(.{1,74})(?:, |$)/g, "  $1,\n")
  .replace(/,\n$/, "\n");

export const USAGE = `Usage: funnel lint [paths...] [--format text|json]
       funnel graph <version> [--brand id] [--format mermaid|svg]
       funnel new <version> --from <version>
       funnel report --brand <id> [--since 7d] [--format text|json]

Commands:
  lint [paths...]      Check definitions. A path is a file or a directory
                       holding funnels/, brands/, content/, companies/ and
                       lenders/ (default: definitions). A file named alone
                       brings its siblings, so checks across files still run.
  graph <version>      Draw a funnel's flow: steps, next rules and their
                       conditions, includeWhen skips, redirects and hooks.
                       --brand decides the brand's conditions (and picks its
                       funnel when <version> is left out).
  new <version>        Copy the funnel --from <version> to funnels/<version>.json
                       with its version and path set and mirrors and redirects
                       removed, then lint it.
  report               The brand's funnel analytics: per experiment variant
                       and funnel version, each step entered, continued,
                       dropped, median seconds and top validation failures;
                       conversion with a 95% interval and the probability
                       each variant is best. --since 7d (default 30d) or a
                       date. Reads the server's database (DATABASE_URL or
                       PGLITE_DIR; stop a server on the embedded one first).

Options:
  --format             lint, report: text|json (default text); graph:
                       mermaid|svg (default mermaid)
  -h, --help           Show this help

Definitions are read from $DEFINITIONS_DIR or ./definitions (graph, new).

Exit status: 0 when there is no error (warnings allowed), 1 when there are
errors, 2 on bad usage.

Problem codes (lint/README.md explains each):
${CODES}`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function usageError(io: CliIo, message: string): number {
  io.stderr(`funnel: ${message}\n\n${USAGE}`);
  return 2;
}

/** The folder with package.json above this module, from its TypeScript source or the compiled dist/tools/cli.mjs. */
function projectDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) || dirname(dir) === dir) return dir;
  }
}

function definitionsDir(): string {
  return process.env.DEFINITIONS_DIR || "definitions";
}

async function graphCommand(io: CliIo, args: string[], brandId: string | undefined, format: string): Promise<number> {
  if (format !== "mermaid" && format !== "svg") return usageError(io, `--format must be mermaid or svg, not '${format}'`);
  if (args.length > 1) return usageError(io, "graph takes one version");
  const report = await lintDefinitions([definitionsDir()]);
  const brand = brandId === undefined ? undefined : report.brands.find((b) => b.brandId === brandId);
  if (brandId !== undefined && !brand)
    return usageError(io, `no brand '${brandId}' (brands: ${report.brands.map((b) => b.brandId).join(", ")})`);
  const version = args[0] ?? brand?.formVersion;
  if (version === undefined) return usageError(io, "missing version");
  const funnel = report.funnels.find((f) => f.version === version || f.routing.path === version || f.routing.mirrors?.includes(version));
  if (!funnel) {
    io.stderr(
      `funnel: no valid funnel '${version}' (run funnel lint for its problems); funnels: ${report.funnels.map((f) => f.version).join(", ")}\n`,
    );
    return 1;
  }
  const graph = buildFlowGraph(funnel, brand);
  io.stdout(format === "svg" ? toSvg(graph) : toMermaid(graph));
  return 0;
}

async function newCommand(io: CliIo, args: string[], from: string | undefined): Promise<number> {
  const [version, ...extra] = args;
  if (version === undefined || extra.length) return usageError(io, "new takes one version");
  if (from === undefined) return usageError(io, "new needs --from <version>");
  let created;
  try {
    created = await newFunnel(definitionsDir(), version, from);
  } catch (error) {
    io.stderr(`funnel: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const removed = created.removed.length ? `; removed routing.${created.removed.join(" and routing.")} (they belong to ${from})` : "";
  io.stdout(`Created ${created.file} from ${from}${removed}.\nPoint a brand at it with "formVersion": "${version}". Checking it:\n`);
  const report = await lintDefinitions([join(definitionsDir(), "funnels", `${version}.json`)]);
  io.stdout(formatReport(report, "text"));
  return summarise(report).errors > 0 ? 1 : 0;
}

/**
 * `funnel report` reads the server's database: it runs the operator command that does (server/commands/report.ts)
 * in a process of its own, as tools/ runs without the server's code.
 */
async function reportCli(io: CliIo, args: string[]): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", join(projectDir(), "server", "commands", "report.ts"), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => io.stdout(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => io.stderr(chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve(code ?? 1)));
}

/** Runs `funnel <args>` and resolves to the exit status. */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: "string" },
        brand: { type: "string" },
        from: { type: "string" },
        since: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const [command, ...paths] = positionals;
  if (command === undefined) return usageError(io, "missing command");
  if (command === "graph") return graphCommand(io, paths, values.brand, values.format ?? "mermaid");
  if (command === "new") return newCommand(io, paths, values.from);
  if (command === "report")
    return reportCli(
      io,
      args.filter((_, i) => i !== args.indexOf("report")),
    );
  if (command !== "lint") return usageError(io, `unknown command '${command}'`);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") return usageError(io, `--format must be text or json, not '${format}'`);
  const targets = paths.length ? paths : ["definitions"];
  const missing = targets.filter((p) => !existsSync(p));
  if (missing.length) return usageError(io, `no such file or directory: ${missing.join(", ")}`);

  const report = await lintDefinitions(targets);
  io.stdout(formatReport(report, format as ReportFormat));
  return summarise(report).errors > 0 ? 1 : 0;
}
