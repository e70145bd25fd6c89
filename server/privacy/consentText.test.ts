/** The consent text is the consent step's copy as shown: own fixture funnel and brand, placeholders filled, other steps and input labels left out. */
import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { fixtureSiteContent } from "../testing/fixtureSiteContent";
import type { ContentSet } from "../content/brandContent";
import { consentStep, shownConsentText } from "./consentText";

/** The tests' own shared content: the words the brand's placeholders are told in. */
const content: ContentSet = { site: fixtureSiteContent(), companies: new Map() };

const brand = {
  brandId: "fixture-brand",
  brandName: "Fixture Claims",
  companyName: "Fixture Claims Ltd",
  privacyFormDisclaimer:
    "By continuing you agree that {brandName} may run a soft {creditReportLinkStart}credit report{creditReportLinkEnd} search.",
  averageClaim: 950,
} as unknown as Brand;

const funnel = {
  version: "fixture",
  fields: {
    "contactDetails.email": { kind: "email", label: "Email address" },
    "contactDetails.isTermsPolicyAgreed": { kind: "checkbox", label: "I agree to the" },
    signature: { kind: "signature", label: "Your signature" },
  },
  steps: [
    { id: "intro", title: "Intro", blocks: [{ type: "paragraph", props: { text: "Welcome to {brandName}." } }] },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        { type: "heading", props: { text: "How can we reach you?", lead: "We keep you  updated." } },
        { type: "textInput", props: { field: "contactDetails.email" } },
        {
          type: "checkbox",
          props: { field: "contactDetails.isTermsPolicyAgreed", linkText: "privacy policy", linkHref: "/privacy-policy" },
        },
        { type: "privacyDisclaimer", props: { tone: "small" } },
      ],
    },
    {
      id: "sign",
      title: "Sign",
      blocks: [
        { type: "heading", props: { text: "Sign to authorise {companyName}" } },
        { type: "signature", props: { field: "signature", instructions: "Draw in the box." } },
        { type: "paragraph", props: { tone: "small", text: "You can cancel within 14 days." } },
      ],
    },
  ],
} as unknown as FunnelDefinition;

describe("shownConsentText", () => {
  it("finds the step that collects the field, also through a button that sets it", () => {
    expect(consentStep(funnel, "contactDetails.isTermsPolicyAgreed")?.id).toBe("contact");
    const viaButton = {
      ...funnel,
      steps: [
        {
          id: "start",
          title: "S",
          blocks: [
            {
              type: "actionButton",
              props: { label: "Yes!", actions: [{ hook: "setValue", field: "contactDetails.isTermsPolicyAgreed", value: true }] },
            },
          ],
        },
      ],
    } as unknown as FunnelDefinition;
    expect(shownConsentText(viaButton, brand, "contactDetails.isTermsPolicyAgreed", content)).toEqual({ stepId: "start", text: "Yes!" });
    expect(shownConsentText(funnel, brand, "marketingOptIn", content)).toBeNull();
  });

  it("tells the brand's windows in the words of the content it was shown with (a Welsh visit's are Welsh)", () => {
    const asking = {
      ...funnel,
      steps: [
        {
          id: "start",
          title: "S",
          blocks: [{ type: "heading", props: { text: "Car finance between {claimableYears}?" } }, ...funnel.steps[1].blocks],
        },
      ],
    } as unknown as FunnelDefinition;
    const site = fixtureSiteContent();
    const welsh: ContentSet = {
      site: { ...site, text: { ...site.text, brandPlaceholders: { ...site.text.brandPlaceholders, years: "{from} a {to}" } } },
      companies: new Map(),
    };
    expect(shownConsentText(asking, brand, "contactDetails.isTermsPolicyAgreed", content)?.text).toMatch(
      /^Car finance between 2007 and 2021\?\n/,
    );
    expect(shownConsentText(asking, brand, "contactDetails.isTermsPolicyAgreed", welsh)?.text).toMatch(
      /^Car finance between 2007 a 2021\?\n/,
    );
  });

  it("is the step's wording with the brand filled in, without input labels", () => {
    expect(shownConsentText(funnel, brand, "contactDetails.isTermsPolicyAgreed", content)).toEqual({
      stepId: "contact",
      text: [
        "How can we reach you?",
        "We keep you updated.",
        "I agree to the privacy policy",
        "By continuing you agree that Fixture Claims may run a soft credit report search.",
      ].join("\n"),
    });
    expect(shownConsentText(funnel, brand, "signature", content)).toEqual({
      stepId: "sign",
      text: ["Sign to authorise Fixture Claims Ltd", "Your signature", "Draw in the box.", "You can cancel within 14 days."].join("\n"),
    });
  });
});
