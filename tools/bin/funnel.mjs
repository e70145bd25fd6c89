#!/usr/bin/env node
// Launcher for the `funnel` CLI: the CLI is TypeScript, so register tsx's
// loader in this process (resolved from this project, whatever the working
// directory) and import it. No child process, so exit codes and signals are
// the CLI's own.
import { register } from "tsx/esm/api";

register();
await import(new URL("../cli.ts", import.meta.url).href);
