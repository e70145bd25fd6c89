/**
 * Operator accounts for the /ops dashboard (server/ops/operators.ts). The password comes from the
 * OPERATOR_PASSWORD variable, never the command line (shell history); the TOTP secret is printed once, with
 * its otpauth:// URI for an authenticator app. Uses the server's settings (stop a server on the embedded database first).
 *
 *   OPERATOR_PASSWORD=… npx tsx server/commands/operator.ts create --username <name>
 */
import { ARGON2_PARAMS, meetsOwaspMinimum, PasswordHasher } from "../auth/passwords";
import { createOperator } from "../ops/operators";
import { openOperatorDb, option } from "./operatorDb";
import { isCommandLine } from "./runAsCommand";

const USAGE = "usage: OPERATOR_PASSWORD=… npx tsx server/commands/operator.ts create --username <name>";

export async function operatorCommand(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; out: string }> {
  const username = option(args, "username");
  const password = env.OPERATOR_PASSWORD;
  if (args[0] !== "create" || !username || !/^[a-z0-9][a-z0-9._-]{2,40}$/.test(username) || !password)
    return { code: 2, out: `${USAGE}\n` };
  const { db, config } = await openOperatorDb(env);
  try {
    // An operator's password is hashed at least at OWASP's minimum, whatever the settings allow consumers.
    const passwords = new PasswordHasher(meetsOwaspMinimum(config.passwordHashing) ? config.passwordHashing : ARGON2_PARAMS);
    const created = await createOperator(db, { passwords, keyring: config.dataKeyring }, username, password);
    return {
      code: 0,
      out: `operator ${username} created\nTOTP secret (shown once): ${created.secret}\nfor an authenticator app: ${created.uri}\n`,
    };
  } catch (error) {
    return { code: 1, out: `${error instanceof Error ? error.message : String(error)}\n` };
  } finally {
    await db.close();
  }
}

if (isCommandLine(import.meta.url)) {
  const { code, out } = await operatorCommand(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(out);
  process.exitCode = code;
}
