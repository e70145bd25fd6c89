/**
 * An affiliate partner's signed, expiring, single-use link, from the command
 * line. It runs the same code as the partner API (server/affiliates/partnerClaims.ts)
 * against the database:
 *
 *   # a fresh link for one of the partner's own claim requests
 *   AFFILIATE_PARTNERS="acme:<secret>" npx tsx server/commands/affiliateLink.ts \
 *     --partner acme --claim-request 3f0c…-uuid [--minutes 1440] [--origin https://claims.example.co.uk]
 *
 *   # create the claim request (as POST /api/partners/claims does) and print its link
 *   npx tsx server/commands/affiliateLink.ts --partner acme --consumer consumer.json [--brand fairdrive] [--no-credit-search]
 *
 * consumer.json holds the API's `consumer` object. The partner's brands and the brand's identity step apply as in
 * the API: a brand not configured for the partner is refused, and a brand with an identity or KBA step gets no
 * search until the consumer passes it. The database is DATABASE_URL
 * (PostgreSQL) or PGLITE_DIR (the embedded one: stop the server first, one
 * process per directory). Outside production the documented sandbox partner
 * ("sandbox") works without configuration. Prints the link on stdout.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createPartnerClaim, issuePartnerLink, partnerClaimBody, type IssuedLink } from "../affiliates/partnerClaims";
import { DEFAULT_LINK_MINUTES, SANDBOX_PARTNER, parsePartners } from "../auth/affiliateLinks";
import type { AppContext } from "../context";
import { isCommandLine } from "./runAsCommand";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const USAGE =
  "usage: affiliate-link --partner <id> (--claim-request <uuid> | --consumer <file.json> [--brand <id>] [--no-credit-search]) [--minutes N] [--origin URL]";

export type CommandDeps = Pick<
  AppContext,
  "db" | "brands" | "funnels" | "credit" | "identity" | "dataKeyring" | "creditTimeoutMs" | "logger" | "lenderCatalogue"
> &
  Partial<Pick<AppContext, "content">>;

export async function runAffiliateLinkCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  deps: CommandDeps,
): Promise<IssuedLink> {
  const { values } = parseArgs({
    args: argv,
    options: {
      partner: { type: "string" },
      "claim-request": { type: "string" },
      consumer: { type: "string" },
      brand: { type: "string" },
      "no-credit-search": { type: "boolean" },
      minutes: { type: "string" },
      origin: { type: "string" },
    },
    strict: true,
  });
  const partnerId = values.partner;
  const claimRequestId = values["claim-request"];
  if (!partnerId || (!claimRequestId && !values.consumer)) throw new Error(USAGE);
  if (claimRequestId && !UUID.test(claimRequestId))
    throw new Error(`--claim-request must be a claim request id (a UUID), got '${claimRequestId}'`);
  const partners = [...parsePartners(env.AFFILIATE_PARTNERS), ...(env.NODE_ENV === "production" ? [] : [SANDBOX_PARTNER])];
  const partner = partners.find((p) => p.id === partnerId);
  if (!partner) throw new Error(`no partner '${partnerId}' in AFFILIATE_PARTNERS`);
  const minutes = values.minutes === undefined ? DEFAULT_LINK_MINUTES : Number(values.minutes);
  const origin = (values.origin ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, "");
  if (!/^https?:\/\/[^\s/]+$/.test(origin)) throw new Error(`--origin must be like https://claims.example.co.uk, got '${origin}'`);

  if (claimRequestId) return issuePartnerLink(deps.db, partner, claimRequestId, { origin, minutes });
  const parsed = partnerClaimBody.safeParse({
    brand_id: values.brand,
    consumer: JSON.parse(readFileSync(values.consumer as string, "utf8")),
    credit_search: !values["no-credit-search"],
    link_minutes: minutes,
  });
  if (!parsed.success) throw new Error(`${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
  return createPartnerClaim(deps, partner, parsed.data, { origin });
}

/** The command line (flags above); prints the link. */
export async function main(argv: string[]): Promise<void> {
  const [
    { loadConfig },
    { openDb },
    { migrate },
    { loadDefinitions },
    { loadCatalogue, cataloguePathFor },
    { createCreditProviders },
    { createIdentityProviders },
    { createLogger },
    { CatalogueIndex },
  ] = await Promise.all([
    import("../config"),
    import("../db/open"),
    import("../db/migrate"),
    import("../definitions"),
    import("../lenders/catalogue"),
    import("../providers/credit"),
    import("../providers/identity"),
    import("../logger"),
    import("../lenders/catalogueIndex"),
  ]);
  const config = loadConfig(process.env);
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await migrate(db);
    const { brands, funnels, content } = await loadDefinitions(config.definitionsDir);
    const catalogue = loadCatalogue(cataloguePathFor(config.definitionsDir));
    // As in the server: production registers no sandbox provider unless ALLOW_SANDBOX.
    const sandbox = config.nodeEnv !== "production" || config.allowSandbox;
    const issued = await runAffiliateLinkCommand(argv, process.env, {
      db,
      brands,
      funnels,
      content,
      credit: createCreditProviders({ lenders: catalogue.lenders, sandbox }),
      identity: createIdentityProviders([], { sandbox }),
      dataKeyring: config.dataKeyring,
      creditTimeoutMs: config.creditTimeoutMs,
      logger: createLogger("warn"),
      lenderCatalogue: new CatalogueIndex(catalogue),
    });
    console.log(issued.link);
  } finally {
    await db.close();
  }
}

/** main, with a failure printed as one line and exit code 1. */
export function runMain(argv: string[]): void {
  main(argv).catch((error) => {
    console.error(`affiliate-link: ${(error as Error).message}`);
    process.exit(1);
  });
}

if (isCommandLine(import.meta.url)) runMain(process.argv.slice(2));
