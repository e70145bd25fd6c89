import { describe, expect, it } from "vitest";
import type { Brand } from "../../schema/types";
import { refuseInProduction } from "./refuseInProduction";
import { sandboxCanAnswer, type ProviderChoice } from "./sandboxes";

const brand = (brandId: string, kind: "standard" | "affiliate" | "kba", provider: string, crm = "webhook") =>
  ({
    brandId,
    credit_check_provider_id: provider,
    credit_check_providers: { name: "x", provider_type: kind },
    crm_provider: { provider_type: crm },
  }) as unknown as Brand;

/** Everything real: http provider over https, Data8, the webhook CRM over https, SMTP. */
const real: ProviderChoice = {
  brands: [brand("alpha", "standard", "acme"), brand("beta", "affiliate", "acme"), brand("gamma", "kba", "acme")],
  creditIds: new Set(["sandbox", "acme"]),
  addressProvider: "data8",
  mailKind: "smtp",
  crmWebhookUrl: "https://crm.example/hooks",
  httpProviderUrls: [{ id: "acme", url: "https://bureau.example" }],
};

function refusal(choice: ProviderChoice, allowSandbox = false): string {
  try {
    refuseInProduction(choice, allowSandbox);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("production refuses what isn't real", () => {
  it("starts when every brand uses real providers; no test mode", () => {
    expect(refusal(real)).toBe("");
    expect(sandboxCanAnswer(real)).toBe(false);
  });

  it("a sandbox credit provider, naming the brand, the provider and the setting", () => {
    const message = refusal({ ...real, brands: [brand("alpha", "standard", "sandbox")] });
    expect(message).toContain(
      'brand alpha: credit provider "sandbox" is a sandbox; set credit_check_provider_id in brand alpha to an http provider with HTTP_PROVIDER_<ID>_URL',
    );
    expect(message).toContain("ALLOW_SANDBOX=true");
  });

  it("a sandbox identity (affiliate) and KBA provider", () => {
    const message = refusal({ ...real, brands: [brand("beta", "affiliate", "sandbox"), brand("gamma", "kba", "sandbox")] });
    expect(message).toContain('brand beta: identity provider "sandbox" is a sandbox');
    expect(message).toContain('brand gamma: KBA provider "sandbox" is a sandbox');
  });

  it("a credit provider no setting configures", () => {
    expect(refusal({ ...real, brands: [brand("alpha", "standard", "other-bureau")] })).toContain(
      'brand alpha: credit provider "other-bureau" is not configured; set HTTP_PROVIDER_OTHER_BUREAU_URL and HTTP_PROVIDER_OTHER_BUREAU_SECRET',
    );
  });

  it("the sandbox address provider, for each brand", () => {
    const message = refusal({ ...real, addressProvider: "sandbox" });
    for (const id of ["alpha", "beta", "gamma"])
      expect(message).toContain(`brand ${id}: address provider "sandbox" is a sandbox; set ADDRESS_PROVIDER to data8 or ideal-postcodes`);
  });

  it("a sandbox CRM from the brand or from CRM_PROVIDER", () => {
    expect(refusal({ ...real, brands: [brand("alpha", "standard", "acme", "sandbox")] })).toContain(
      'brand alpha: CRM provider "sandbox" (from crm_provider.provider_type in brand alpha) is a sandbox; set CRM_PROVIDER=webhook',
    );
    expect(refusal({ ...real, crmOverride: "sandbox" })).toContain('brand beta: CRM provider "sandbox" (from CRM_PROVIDER) is a sandbox');
  });

  it("the sandbox mail transport", () => {
    expect(refusal({ ...real, mailKind: "sandbox" })).toContain(
      'mail transport "sandbox" delivers nothing (reset links would only be readable in the dev mailbox); set SMTP_URL',
    );
  });

  it("an http:// CRM webhook or provider URL, even with ALLOW_SANDBOX", () => {
    const message = refusal(
      { ...real, crmWebhookUrl: "http://crm.example/hooks", httpProviderUrls: [{ id: "acme", url: "http://bureau.example" }] },
      true,
    );
    expect(message).toContain("the CRM webhook uses http://; set CRM_WEBHOOK_URL to an https:// URL");
    expect(message).toContain('http provider "acme" uses http://; set HTTP_PROVIDER_ACME_URL to an https:// URL');
    expect(message).not.toContain("bureau.example");
  });

  it("ALLOW_SANDBOX=true lets a staging site run sandboxes, which then show test mode", () => {
    const staging = {
      ...real,
      brands: [brand("alpha", "standard", "sandbox", "sandbox")],
      addressProvider: "sandbox",
      mailKind: "sandbox",
    };
    expect(refusal(staging, true)).toBe("");
    expect(sandboxCanAnswer(staging)).toBe(true);
  });

  it("the sandbox mailbox alone is not a sandbox provider (no ribbon) but is refused", () => {
    expect(sandboxCanAnswer({ ...real, mailKind: "sandbox" })).toBe(false);
  });
});
