/**
 * Issue an affiliate partner's signed, expiring, single-use sign-in link for
 * a claim request:
 *
 *   AFFILIATE_PARTNERS="acme:<secret>" npx tsx tools/affiliate-link.ts \
 *     --partner acme --claim-request 3f0c…-uuid [--minutes 1440] [--origin https://claims.example.co.uk]
 *
 * It needs only the partner's secret (the same AFFILIATE_PARTNERS value the
 * server runs with), not the database: the server verifies the signature and
 * records the link's first use. Outside production the documented sandbox
 * partner ("sandbox") works without configuration. Prints the link on stdout.
 */
import { parseArgs } from "node:util";
import { DEFAULT_LINK_MINUTES, SANDBOX_PARTNER, affiliateLink, parsePartners, signAffiliateToken } from "../server/auth/affiliateLinks";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function issueLink(argv: string[], env: Record<string, string | undefined>): string {
  const { values } = parseArgs({
    args: argv,
    options: {
      partner: { type: "string" },
      "claim-request": { type: "string" },
      minutes: { type: "string" },
      origin: { type: "string" },
    },
    strict: true,
  });
  const partnerId = values.partner;
  const claimRequestId = values["claim-request"];
  if (!partnerId || !claimRequestId) throw new Error("usage: affiliate-link --partner <id> --claim-request <uuid> [--minutes N] [--origin URL]");
  if (!UUID.test(claimRequestId)) throw new Error(`--claim-request must be a claim request id (a UUID), got '${claimRequestId}'`);
  const partners = [...parsePartners(env.AFFILIATE_PARTNERS), ...(env.NODE_ENV === "production" ? [] : [SANDBOX_PARTNER])];
  const partner = partners.find((p) => p.id === partnerId);
  if (!partner) throw new Error(`no partner '${partnerId}' in AFFILIATE_PARTNERS`);
  const minutes = values.minutes === undefined ? DEFAULT_LINK_MINUTES : Number(values.minutes);
  const origin = values.origin ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  if (!/^https?:\/\/[^\s/]+$/.test(origin.replace(/\/$/, ""))) throw new Error(`--origin must be like https://claims.example.co.uk, got '${origin}'`);
  return affiliateLink(origin, signAffiliateToken(partner, claimRequestId.toLowerCase(), { minutes }).token);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(issueLink(process.argv.slice(2), process.env));
  } catch (error) {
    console.error(`affiliate-link: ${(error as Error).message}`);
    process.exit(1);
  }
}
