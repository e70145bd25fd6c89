/**
 * The identity step a brand's credit search needs, and whether it has been
 * passed for exactly the details searched on. One source for every way a
 * search starts: the funnel's POST /api/credit-check/run and the partner API.
 *
 *  - an affiliate-kind brand: an ALLOW (or a CHALLENGE whose code was verified; never a BLOCK) made by the
 *    brand's own identity provider, through the consumer's identity step;
 *  - a KBA brand: a stored KBA pass;
 *  - a standard brand on a real (http) provider: the provider's decision, asked here before the search
 *    (a CHALLENGE waits for the consumer's code);
 *  - a standard brand on the sandbox: none (its personas answer in the search route).
 *
 * A verification made by another provider (the sandbox on a real brand, say) never counts.
 */
import type { Brand } from "../../schema/types";
import type { AppContext } from "../context";
import type { ClaimRequestRow } from "../store/claimRequests";
import { latestUsableVerification } from "../store/identityVerifications";
import { hasKbaPass } from "../store/kbaAttempts";
import { providerIdentityStep, type IdentityStep } from "./providerIdentity";
import { SANDBOX_PROVIDER_ID } from "../safety/sandboxes";
import { subjectHash } from "./subjectHash";

export type IdentityGate =
  | { go: true }
  /** The consumer's identity or KBA step has not been passed (for these details). */
  | { go: false; answer: null }
  /** The provider's decision stops the search; the answer is the funnel's. */
  | { go: false; answer: Extract<IdentityStep, { go: false }>["answer"] };

type Deps = Pick<AppContext, "db" | "identity" | "dataKeyring">;

export async function identityGate(
  deps: Deps,
  brand: Pick<Brand, "credit_check_provider_id" | "credit_check_providers">,
  row: ClaimRequestRow,
  onError: (error: unknown) => void,
): Promise<IdentityGate> {
  const hash = subjectHash(deps.dataKeyring, row);
  const providerId = brand.credit_check_provider_id;
  switch (brand.credit_check_providers.provider_type) {
    case "affiliate":
      return deps.identity.has(providerId) && (await latestUsableVerification(deps.db, row.id, hash, providerId))
        ? { go: true }
        : { go: false, answer: null };
    case "kba":
      return (await hasKbaPass(deps.db, row.id, hash)) ? { go: true } : { go: false, answer: null };
    default: {
      const identity = providerId === SANDBOX_PROVIDER_ID ? undefined : deps.identity.get(providerId);
      if (!identity) return { go: true };
      const subject = {
        title: row.title,
        firstName: row.first_name ?? "",
        lastName: row.last_name ?? "",
        dateOfBirth: row.date_of_birth ?? "",
        email: row.email ?? "",
        phoneNumber: row.phone_number,
        postcode: row.address?.postcode ?? "",
      };
      return providerIdentityStep(deps.db, identity, row.id, subject, hash, onError);
    }
  }
}
