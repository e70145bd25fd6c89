/**
 * Which sandboxes (made-up answers) this server would use, brand by brand,
 * and which settings would send data over plain http. Production refuses to
 * start on any of them (refuseInProduction.ts); in every mode a sandbox that
 * can answer turns on the "Test mode" ribbon and the API's X-Test-Mode header.
 */
import type { Brand } from "../../schema/types";

export const SANDBOX_PROVIDER_ID = "sandbox";

export interface ProviderChoice {
  brands: readonly Brand[];
  /** Ids of the registered credit / identity / KBA providers, and which of them are sandboxes. */
  creditIds: ReadonlySet<string>;
  addressProvider: string;
  /** CRM_PROVIDER when set (it overrides every brand). */
  crmOverride?: string;
  mailKind: string;
  crmWebhookUrl?: string;
  httpProviderUrls: readonly { id: string; url: string }[];
}

export interface Finding {
  /** The brand it concerns; undefined for a setting of the whole server. */
  brandId?: string;
  what: string;
  /** The setting that fixes it. */
  fix: string;
  /** A sandbox provider that can answer (turns on the test-mode ribbon); the mail transport and a missing provider are not. */
  providerSandbox?: boolean;
}

function identityKind(brand: Brand): "identity" | "KBA" | null {
  const kind = brand.credit_check_providers.provider_type;
  return kind === "affiliate" ? "identity" : kind === "kba" ? "KBA" : null;
}

/** Every sandbox a brand resolves to, and the sandbox mail transport. */
export function sandboxFindings(choice: ProviderChoice): Finding[] {
  const found: Finding[] = [];
  for (const brand of choice.brands) {
    const id = brand.credit_check_provider_id;
    const providerFix = `set credit_check_provider_id in brand ${brand.brandId} to an http provider with HTTP_PROVIDER_<ID>_URL and HTTP_PROVIDER_<ID>_SECRET`;
    if (id === SANDBOX_PROVIDER_ID) {
      found.push({ brandId: brand.brandId, what: `credit provider "${id}" is a sandbox`, fix: providerFix, providerSandbox: true });
      const kind = identityKind(brand);
      if (kind)
        found.push({ brandId: brand.brandId, what: `${kind} provider "${id}" is a sandbox`, fix: providerFix, providerSandbox: true });
    } else if (!choice.creditIds.has(id)) {
      found.push({
        brandId: brand.brandId,
        what: `credit provider "${id}" is not configured`,
        fix: `set HTTP_PROVIDER_${id.toUpperCase().replace(/-/g, "_")}_URL and HTTP_PROVIDER_${id.toUpperCase().replace(/-/g, "_")}_SECRET`,
      });
    }
    if (choice.addressProvider === "sandbox") {
      found.push({
        brandId: brand.brandId,
        what: `address provider "sandbox" is a sandbox`,
        fix: "set ADDRESS_PROVIDER to data8 or ideal-postcodes",
        providerSandbox: true,
      });
    }
    const crm = choice.crmOverride ?? brand.crm_provider.provider_type;
    if (crm === "sandbox") {
      const from = choice.crmOverride ? "CRM_PROVIDER" : `crm_provider.provider_type in brand ${brand.brandId}`;
      found.push({
        brandId: brand.brandId,
        what: `CRM provider "sandbox" (from ${from}) is a sandbox`,
        fix: "set CRM_PROVIDER=webhook with CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET",
        providerSandbox: true,
      });
    }
  }
  if (choice.mailKind === "sandbox") {
    found.push({
      what: `mail transport "sandbox" delivers nothing (reset links would only be readable in the dev mailbox)`,
      fix: "set SMTP_URL",
    });
  }
  return found;
}

/** Whether any sandbox provider can answer on this server: the ribbon and the X-Test-Mode header say so. */
export function sandboxCanAnswer(choice: ProviderChoice): boolean {
  return sandboxFindings(choice).some((f) => f.providerSandbox);
}

/** Settings that would send claimants' data, or signed requests, over plain http. */
export function plainHttpFindings(choice: ProviderChoice): Finding[] {
  const found: Finding[] = [];
  if (choice.crmWebhookUrl?.startsWith("http://"))
    found.push({ what: "the CRM webhook uses http://", fix: "set CRM_WEBHOOK_URL to an https:// URL" });
  for (const provider of choice.httpProviderUrls) {
    if (provider.url.startsWith("http://")) {
      const name = `HTTP_PROVIDER_${provider.id.toUpperCase().replace(/-/g, "_")}_URL`;
      found.push({ what: `http provider "${provider.id}" uses http://`, fix: `set ${name} to an https:// URL` });
    }
  }
  return found;
}
