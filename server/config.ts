/**
 * Server configuration from the environment, validated once at start-up.
 * A bad value stops the server with one line naming the variable.
 */
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: "must be a whole number between 0 and 65535" })
    .int("must be a whole number between 0 and 65535")
    .min(0, "must be a whole number between 0 and 65535")
    .max(65535, "must be a whole number between 0 and 65535")
    .default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
    .optional(),
  PGLITE_DIR: z.string().min(1, "must not be empty").default("./data/pglite"),
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "must be development, production or test" })
    .default("development"),
  ADDRESS_PROVIDER: z.enum(["sandbox"], { message: "must be sandbox (the only address provider so far)" }).default("sandbox"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  RENDERER_DIR: z.string().min(1, "must not be empty").optional(),
});

export type NodeEnv = "development" | "production" | "test";
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  databaseUrl?: string;
  pgliteDir: string;
  nodeEnv: NodeEnv;
  addressProvider: "sandbox";
  logLevel: LogLevel;
  /** Where the built renderer is (default dist/renderer); lets parallel test runs use separate builds. */
  rendererDir?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const got = relevant[name];
    const shown = name === "DATABASE_URL" ? "" : got === undefined ? "" : ` (got "${got}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    nodeEnv: e.NODE_ENV,
    addressProvider: e.ADDRESS_PROVIDER,
    logLevel: e.LOG_LEVEL,
    rendererDir: e.RENDERER_DIR,
  };
}
