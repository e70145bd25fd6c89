/** The `funnel` command line, as a function so tests run it in-process. */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { formatReport, lintDefinitions, summarise, type ReportFormat } from "./lint";

export const USAGE = `Usage: funnel lint [paths...] [--format text|json]

Commands:
  lint [paths...]      Check funnel and brand definitions. A path is a file or a
                       directory holding funnels/*.json and brands/*.json
                       (default: definitions).

Options:
  --format text|json   Output format (default: text)
  -h, --help           Show this help

Exit status: 0 when there is no error (warnings allowed), 1 when there are
errors, 2 on bad usage.
`;

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

/** Runs `funnel <args>` and resolves to the exit status. */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { format: { type: "string" }, help: { type: "boolean", short: "h" } },
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
