/**
 * The conformance suite: the copy the spec prescribes, checked in the SHIPPED definitions (definitions/,
 * as the server loads them). Engine, block and runner tests build their own small funnels and server unit tests use test-fixtures/,
 * so when a content editor's change breaks the spec's wording, this is the one suite that fails, and it
 * says which funnel, where, and what the spec says. If the spec itself changed, change the table here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FunnelDefinition, SiteContent } from "../../schema/types";
import { DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../definitions";

const ALL = ["v1", "v2", "v3b", "v3c", "v3d", "v5"];
const V2_ON = ["v2", "v3b", "v3c", "v3d", "v5"];
const V3 = ["v3b", "v3c", "v3d"];
const CREDIT_CHECK = ["v2", ...V3];
const SUBMITTING = ["v1", "v2", ...V3];

/**
 * Where the text must appear: `field:<path>` (its label, options, rules and messages),
 * `step:<id>` (any copy of the step), `navigation` or `layout`.
 */
type Where = `field:${string}` | `step:${string}` | "navigation" | "layout";
interface SpecCopy {
  section: string;
  versions: string[];
  where: Where;
  text: string;
}

const spec = (section: string, versions: string[], where: Where, ...texts: string[]): SpecCopy[] =>
  texts.map((text) => ({ section, versions, where, text }));

/** The spec's strings, by section, and the funnels and places that must show them. */
const SPEC_COPY: SpecCopy[] = [
  // 2. Layout and screens
  ...spec("2 Layout", ["v1"], "layout", "Trusted by Thousands | 100% Secure | No Win, No Fee*"),
  ...spec("2 Layout", V3, "navigation", "Next Step", "Processing...", "Submit"),
  ...spec("2 Layout", ["v4"], "navigation", "Continue", "Processing..."),
  ...spec("2 Introduction", ["v1"], "step:introduction", "Have you had a vehicle on finance?"),
  ...spec("2 Agreement finder", ["v2"], "step:agreement-finder", "Find My Agreement(s)", "I understand"),
  ...spec(
    "2 Get started",
    ["v3b"],
    "step:get-started",
    "Did you have car finance between 2007 and 2021?",
    "Yes! Start My Claim!",
    "I understand",
  ),
  ...spec("2 Address", ["v3c"], "step:address", "You could be owed thousands from mis-sold car finance"),
  ...spec(
    "2 Address",
    ["v3d"],
    "step:address",
    "You could be owed compensation**",
    "Did You Use Car Finance Between 2007 and 2021? You Might Be Owed Thousands",
    "Start typing your address...",
    "What is your current address?",
    "Start Your Claim",
    "It takes just 60 seconds!",
    "How it Works",
  ),
  ...spec("2 Address", ["v3d"], "layout", "Based on 7,042 reviews", "Average Refund of {averageClaim}**"),
  ...spec("2 Personal details", ["v2"], "step:contact-details", "Your Details"),
  ...spec("2 Contact details", ["v1"], "step:contact-details", "Electronic Credit Report"),
  ...spec("2 Signature", [...ALL, "v4"], "step:signature", "Please sign the form to continue"),
  ...spec("2 Signature", ["v4"], "step:signature", "Sign Your Claim"),
  ...spec("2 Lender selection", ["v4"], "step:lender-selection", "Which lenders did you borrow from?"),
  ...spec(
    "2 Credit check",
    CREDIT_CHECK,
    "step:credit-check",
    "Processing Your Information",
    "No claim reference found",
    "We need to submit your details first to start the credit check.",
    "Submit Your Information",
    "Submitting...",
  ),
  ...spec(
    "2 Submitting",
    SUBMITTING,
    "step:submitting",
    "Finding your claims",
    "Searching your credit file for claims",
    "Creating your account",
    "There was a problem with",
    "Start Over",
    "Try Again",
    "Verify Your Identity",
  ),
  ...spec("2 Select claims", V3, "step:select-claims", "Select Additional Claims"),
  ...spec("2 Confirmation", ["v2", ...V3], "step:confirmation", "Complete Your Account"),
  ...spec("2 Complete (v4)", ["v4"], "step:complete", "Your Claim Setup is Complete!", "Set Password & Continue", "Setting Password..."),
  // 5. Validation
  ...spec("5 Title", ALL, "field:personalDetails.title", "Please select a title"),
  ...spec("5 Names", ALL, "field:personalDetails.firstName", "Please enter your first name"),
  ...spec("5 Names", ALL, "field:personalDetails.lastName", "Please enter your last name"),
  ...spec(
    "5 Date of birth",
    ALL,
    "field:personalDetails.dateOfBirth",
    "Please enter your date of birth",
    "Please enter a valid date of birth (must be 18-100 years old)",
    "You must be at least 18 years old to use this service.",
  ),
  ...spec(
    "5 Email v1",
    ["v1"],
    "field:contactDetails.email",
    "Email is required",
    "Email must contain an @ symbol",
    "Please enter a valid email address",
    "Email username cannot be empty",
    "Email must include a domain extension (like .com)",
    "Email must have a valid domain extension",
  ),
  ...spec("5 Email v2", V2_ON, "field:contactDetails.email", "Please enter your email address", "Please enter a valid email address"),
  ...spec(
    "5 Phone v1",
    ["v1"],
    "field:contactDetails.phoneNumber",
    "Phone number is required",
    "Please use a mobile phone number so we can keep you up to date with your claim by SMS",
    "UK mobile numbers must be 11 digits long",
  ),
  ...spec(
    "5 Phone v2",
    V2_ON,
    "field:contactDetails.phoneNumber",
    "Please enter your phone number",
    "Please enter a valid UK mobile number starting with 07",
    "Please use a mobile number starting with 07 so we can keep you updated by SMS",
  ),
  ...spec("5 Terms v1", ["v1"], "field:contactDetails.isTermsPolicyAgreed", "You must agree to the privacy policy to proceed"),
  ...spec("5 Terms v2", V2_ON, "field:contactDetails.isTermsPolicyAgreed", "Please agree to the privacy policy and terms"),
  ...spec("5 Password", [...ALL, "v4"], "field:account.password", "Password must be at least 8 characters"),
  ...spec("5 Password", [...ALL, "v4"], "field:account.passwordConfirm", "Passwords do not match"),
  // 8. Errors
  ...spec(
    "8 Address",
    ALL,
    "step:address",
    "Sorry, we're having trouble searching for addresses right now. Please try entering your address manually.",
    "Sorry, we couldn't retrieve the address details. Please try entering your address manually.",
  ),
  ...spec("8 Lenders", ["v1", "v2", "v4"], "step:lender-selection", "You can only select up to 10 lenders."),
  ...spec("8 Lenders", V3, "step:select-claims", "You can only select up to 10 lenders."),
  ...spec("8 v3 credit check", CREDIT_CHECK, "step:credit-check", "Processing Error"),
  ...spec(
    "8 Confirmation status",
    ["v2", ...V3],
    "step:confirmation",
    "We didn't find any claims matching your information, but we'll still check manually",
    "We could not complete your credit check, but we can still proceed with your selected claims",
  ),
];

/** Shared content every brand shows (content/site.json), by where it lives. */
const SITE_COPY: { section: string; path: string; text: string }[] = [
  { section: "1 Fees", path: "copy.closing-fees.text", text: "Solicitor fees up to 36% inc VAT" },
  { section: "1 Fees", path: "copy.closing-fees.text", text: "18%-36% inclusive of VAT" },
  { section: "1 Supreme Court notice", path: "copy.supreme-court-notice.closeLabel", text: "I understand" },
];

/** Every string under a value, so copy is found wherever the funnel keeps it (a heading, a block prop, a rule). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

function placeOf(funnel: FunnelDefinition, where: Where): unknown {
  if (where === "navigation") return funnel.navigation;
  if (where === "layout") return funnel.layout;
  if (where.startsWith("field:")) return funnel.fields[where.slice("field:".length)];
  return funnel.steps.find((s) => s.id === where.slice("step:".length));
}

const mismatch = (file: string, where: string, section: string, text: string, found: boolean) =>
  `The shipped copy no longer matches the spec: ${file} ${where} ${found ? "does not show" : "does not exist, so cannot show"} "${text}" (spec section ${section}). ` +
  `Restore the wording in definitions/ or, if the spec changed, this table.`;

let funnels: Map<string, FunnelDefinition>;
let site: SiteContent;

beforeAll(async () => {
  const loaded = await loadDefinitions(DEFAULT_DEFINITIONS_DIR);
  funnels = new Map(loaded.funnels.map((f) => [f.version, f]));
  site = loaded.content.site;
});

describe("the shipped funnels' copy matches the spec", () => {
  for (const version of ["v1", "v2", "v3b", "v3c", "v3d", "v4", "v5"]) {
    it(`definitions/funnels/${version}.json`, () => {
      const funnel = funnels.get(version);
      expect(funnel, `The shipped funnel ${version} is missing from definitions/funnels`).toBeDefined();
      const problems = SPEC_COPY.filter((c) => c.versions.includes(version)).flatMap((c) => {
        const place = placeOf(funnel!, c.where);
        if (place !== undefined && strings(place).some((s) => s.includes(c.text))) return [];
        return [mismatch(`definitions/funnels/${version}.json`, c.where, c.section, c.text, place !== undefined)];
      });
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }

  it("definitions/content/site.json", () => {
    const problems = SITE_COPY.flatMap((c) => {
      const value = c.path
        .split(".")
        .reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), site);
      return typeof value === "string" && value.includes(c.text)
        ? []
        : [mismatch("definitions/content/site.json", c.path, c.section, c.text, value !== undefined)];
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
