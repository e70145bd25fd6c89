/** Entry point of the `funnel` command (tools/bin/funnel.mjs runs it through tsx). */
import { runCli } from "./run-cli";

process.exitCode = await runCli(process.argv.slice(2));
