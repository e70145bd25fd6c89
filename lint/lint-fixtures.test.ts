/**
 * The catalogue of broken definitions: each fixture must give exactly the
 * listed problems, at the listed line and column, with the suggestion.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDefinitions } from "./lint-definitions";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const VALID_FUNNEL = fixture("valid/minimal-funnel.json");
/** The minimal funnel with block ids (start-heading, first-name), for brand copy overlays. */
const OVERLAY_FUNNEL = fixture("valid/overlay-funnel.json");
/** A two-lender catalogue with company 'fixture-co', for the brand's companyId. */
const CATALOGUE = fixture("valid/catalogue.json");
/** The minimal funnel (version 'guarded') behind an access guard that sends a new visitor to /claim. */
const GUARDED_FUNNEL = fixture("valid/guarded-funnel.json");
/** The valid brand (credit_check_providers.provider_type "standard"), for conditions on brand values. */
const VALID_BRAND = fixture("valid/brand.json");

interface Expected {
  code: string;
  line: number;
  column: number;
  path: string;
  suggestion?: string | RegExp;
  severity?: "error" | "warning";
  message?: RegExp;
}

interface Case {
  file: string;
  /** Linted together with the fixture, e.g. a funnel a brand refers to. */
  with?: string[];
  /** Linted before the fixture (so the fixture holds the second, duplicate claim). */
  before?: string[];
  expected: Expected[];
}

const CASES: Record<string, Case> = {
  "a credit check missing a line of copy, and a waiting state with no route for an event": {
    file: "credit-check-missing-copy.json",
    expected: [
      {
        code: "unknown-state",
        line: 124,
        column: 15,
        path: "/steps/0/machine/states/code/awaits/1",
        suggestion: `add "resend": "<state>" to its 'on'`,
      },
      // The fixture's credit check is its first step: nothing ran submitClaimRequest before it.
      { code: "required-hook-not-run", line: 218, column: 19, path: "/steps/0/blocks/0/type" },
      { code: "missing-property", line: 219, column: 11, path: "/steps/0/blocks/0/props" },
    ],
  },
  "a JSON syntax error (trailing comma), at the character that breaks the parse": {
    file: "json-syntax.json",
    expected: [{ code: "json-syntax", line: 21, column: 5, path: "", suggestion: "remove the trailing comma before it" }],
  },
  "an unknown property, at its key, with the nearest allowed property": {
    file: "unknown-property.json",
    expected: [{ code: "unknown-property", line: 14, column: 7, path: "/fields/hadFinance/hnit", suggestion: "did you mean 'hint'?" }],
  },
  "a duplicate step id, on the second step": {
    file: "duplicate-step.json",
    expected: [{ code: "duplicate-step", line: 69, column: 13, path: "/steps/2/id" }],
  },
  "an unknown block type, with the nearest block type": {
    file: "unknown-block.json",
    expected: [{ code: "unknown-block", line: 85, column: 19, path: "/steps/3/blocks/2/type", suggestion: "did you mean 'paragraph'?" }],
  },
  "an unknown hook, with the nearest hook name": {
    file: "unknown-hook.json",
    expected: [
      { code: "unknown-hook", line: 72, column: 28, path: "/steps/2/onNext/0/hook", suggestion: "did you mean 'submitClaimRequest'?" },
    ],
  },
  "a condition on a field that only a later step collects": {
    file: "condition-field-not-collected.json",
    expected: [
      {
        code: "condition-field-not-collected",
        line: 56,
        column: 34,
        path: "/steps/1/includeWhen/filled",
        suggestion: "'contactDetails.email' is first collected by step 'about-you'",
      },
    ],
  },
  "a Next target that is not a step (and no follow-on unreachable step)": {
    file: "missing-next-target.json",
    expected: [{ code: "missing-target", line: 73, column: 34, path: "/steps/2/next/0/to/step", suggestion: "did you mean 'signature'?" }],
  },
  "a redirect fallback step that does not exist": {
    file: "missing-redirect-target.json",
    expected: [
      {
        code: "missing-target",
        line: 8,
        column: 79,
        path: "/routing/redirectFrom/0/fallbackStep",
        suggestion: "did you mean 'get-started'?",
      },
    ],
  },
  "an unresolvable copy placeholder, at the placeholder itself": {
    file: "unresolved-placeholder.json",
    expected: [
      {
        code: "unresolved-placeholder",
        line: 85,
        column: 69,
        path: "/steps/3/blocks/2/props/text",
        suggestion: "did you mean '{brandName}'?",
      },
    ],
  },
  "an unreachable step, naming the jump that skips it": {
    file: "unreachable-step.json",
    expected: [
      {
        code: "unreachable-step",
        line: 55,
        column: 13,
        path: "/steps/1/id",
        suggestion: "give the jump a 'when', or add a next rule that leads to 'address'",
      },
    ],
  },
  "a block bound to a misspelt field (the real field is then unused)": {
    file: "unknown-field.json",
    expected: [
      { code: "unused-field", line: 28, column: 5, path: "/fields/contactDetails.email", severity: "warning" },
      {
        code: "unknown-field",
        line: 75,
        column: 52,
        path: "/steps/2/blocks/1/props/field",
        suggestion: "did you mean 'contactDetails.email'?",
      },
    ],
  },
  "a brand whose formVersion names no linted funnel": {
    file: "brand-unknown-form-version.json",
    with: [VALID_FUNNEL],
    expected: [{ code: "unknown-form-version", line: 10, column: 18, path: "/formVersion", suggestion: "did you mean 'fixture'?" }],
  },
  "a funnel version defined twice": {
    file: "duplicate-version.json",
    before: [VALID_FUNNEL],
    expected: [{ code: "duplicate-version", line: 3, column: 14, path: "/version" }],
  },
  "two blocks with one id in a funnel (an overlay must name one block)": {
    file: "duplicate-block-id.json",
    expected: [{ code: "duplicate-block-id", line: 85, column: 38, path: "/steps/3/blocks/2/id" }],
  },
  "a brand colour below 4.5:1 on white, at the colour": {
    file: "brand-low-contrast-colour.json",
    with: [OVERLAY_FUNNEL],
    expected: [
      {
        code: "low-contrast-colour",
        line: 11,
        column: 20,
        path: "/primary_color",
        suggestion: "choose a darker shade of the brand colour",
      },
    ],
  },
  "a copy override of a block id no funnel has, with the nearest id": {
    file: "brand-unknown-copy-target.json",
    with: [OVERLAY_FUNNEL],
    expected: [
      { code: "unknown-copy-target", line: 18, column: 5, path: "/copy/start-headng", suggestion: "did you mean 'start-heading'?" },
    ],
  },
  "a copy override of a prop the block type does not have, with the nearest prop": {
    file: "brand-unknown-copy-prop.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "unknown-copy-prop", line: 18, column: 24, path: "/copy/start-heading/txt", suggestion: "did you mean 'text'?" }],
  },
  "a copy override of behaviour (a field binding), not copy": {
    file: "brand-copy-prop-not-copy.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "copy-prop-not-copy", line: 18, column: 21, path: "/copy/first-name/field" }],
  },
  "a credit check step placed before any step that runs submitClaimRequest": {
    file: "required-hook-not-run.json",
    expected: [
      {
        code: "required-hook-not-run",
        line: 74,
        column: 19,
        path: "/steps/2/blocks/0/type",
        suggestion: /^run submitClaimRequest on an earlier step/,
      },
    ],
  },
  "a CRM sync before the claim request exists": {
    file: "required-path-not-written.json",
    expected: [
      {
        code: "required-path-not-written",
        line: 57,
        column: 28,
        path: "/steps/1/onNext/0/hook",
        suggestion: "write it on an earlier step with submitClaimRequest",
      },
    ],
  },
  "a copy override whose value the block's schema refuses": {
    file: "brand-invalid-copy-value.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "invalid-copy-value", line: 18, column: 32, path: "/copy/start-heading/text" }],
  },
  "a copy override of a behaviour prop (a lender picker's limit), while its copy prop beside it is fine": {
    file: "brand-copy-behaviour-prop.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "copy-prop-not-copy", line: 18, column: 49, path: "/copy/lender-picker/max" }],
  },
  "an HTML footer the allow-list will strip, as a warning": {
    file: "brand-footer-html-removed.json",
    with: [OVERLAY_FUNNEL],
    expected: [
      { code: "footer-html-removed", line: 18, column: 17, path: "/footerText", severity: "warning", suggestion: /^use only b, strong/ },
    ],
  },
  "a marketing override of a claim that does not exist, with the nearest key": {
    file: "brand-unknown-marketing-key.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "unknown-marketing-key", line: 18, column: 5, path: "/marketing/headlin", suggestion: "did you mean 'headline'?" }],
  },
  "a pattern that is not a regular expression": {
    file: "invalid-regex.json",
    expected: [{ code: "invalid-regex", line: 26, column: 47, path: "/fields/personalDetails.firstName/rules/0/value" }],
  },
  "a pattern the server would run for ages on some answers (catastrophic backtracking)": {
    file: "regex-backtracking.json",
    expected: [
      {
        code: "regex-backtracking",
        line: 26,
        column: 47,
        path: "/fields/personalDetails.firstName/rules/0/value",
        message: /can take exponential time on some input \(for example on .+\)/,
        suggestion: /^do not repeat a group/,
      },
    ],
  },
  "a navigate hook to a step that does not exist": {
    file: "missing-target-navigate.json",
    expected: [
      {
        code: "missing-target",
        line: 49,
        column: 160,
        path: "/steps/0/blocks/1/props/actions/1/step",
        suggestion: "did you mean 'address'?",
      },
    ],
  },
  "an href to a page the site does not have": {
    file: "missing-page.json",
    expected: [
      { code: "missing-page", line: 45, column: 78, path: "/steps/0/next/0/to/href", suggestion: "did you mean '/privacy-policy'?" },
    ],
  },
  "a list field neither stored nor marked transient, at its key": {
    file: "field-not-stored.json",
    expected: [
      {
        code: "field-not-stored",
        line: 34,
        column: 5,
        path: "/fields/manualLenders",
        suggestion: `add "transient": true to 'manualLenders'`,
      },
    ],
  },
  "a CRM mapping that names a field the funnel does not have": {
    file: "crm-mapping-field.json",
    expected: [
      { code: "crm-mapping-field", line: 43, column: 16, path: "/crm/client/email", suggestion: "did you mean 'contactDetails.email'?" },
    ],
  },
  "values a field cannot hold, in setValue and in continueWhen": {
    file: "value-not-an-option.json",
    expected: [
      {
        code: "value-not-an-option",
        line: 49,
        column: 121,
        path: "/steps/0/blocks/1/props/actions/0/value",
        suggestion: "did you mean 'yes'?",
      },
      {
        code: "value-not-an-option",
        line: 56,
        column: 94,
        path: "/steps/1/continueWhen/all/1/equals/1",
        suggestion: "did you mean 'yes'?",
      },
    ],
  },
  "impossible bounds: maxInputLength and maxLength below minLength, an age beyond 130": {
    file: "impossible-bounds.json",
    expected: [
      {
        code: "impossible-bounds",
        line: 26,
        column: 25,
        path: "/fields/personalDetails.firstName/maxInputLength",
        suggestion: "raise maxInputLength to at least 2",
      },
      {
        code: "impossible-bounds",
        line: 27,
        column: 110,
        path: "/fields/personalDetails.firstName/rules/1/value",
        suggestion: "swap the two values",
      },
      { code: "impossible-bounds", line: 33, column: 129, path: "/fields/contactDetails.email/rules/1/max" },
    ],
  },
  "a step that is not the last with no way forward": {
    file: "dead-end-step.json",
    expected: [{ code: "dead-end-step", line: 56, column: 17, path: "/steps/1/footer" }],
  },
  "a loop of next rules with no exit (and the step after it, unreachable)": {
    file: "next-loop.json",
    expected: [
      { code: "next-loop", line: 74, column: 34, path: "/steps/2/next/0/to/step" },
      { code: "unreachable-step", line: 81, column: 13, path: "/steps/3/id" },
    ],
  },
  "a nextButton label on the last step, as a warning": {
    file: "ignored-next-button.json",
    expected: [{ code: "ignored-next-button", line: 81, column: 32, path: "/steps/3/nextButton/label", severity: "warning" }],
  },
  "required copy that is blank": {
    file: "empty-copy.json",
    expected: [{ code: "empty-copy", line: 83, column: 49, path: "/steps/3/blocks/0/props/text" }],
  },
  "a radio field with no options": {
    file: "no-options.json",
    expected: [{ code: "no-options", line: 14, column: 18, path: "/fields/hadFinance/options" }],
  },
  "two options with one value": {
    file: "duplicate-option.json",
    expected: [{ code: "duplicate-option", line: 14, column: 66, path: "/fields/hadFinance/options/1/value" }],
  },
  "a key given twice in one object, at the second": {
    file: "duplicate-key.json",
    expected: [{ code: "duplicate-key", line: 71, column: 7, path: "/steps/2/title" }],
  },
  "a comment, explained": {
    file: "json-comment.json",
    expected: [{ code: "json-syntax", line: 11, column: 5, path: "", suggestion: /^remove the comment/ }],
  },
  "curly quotes, explained": {
    file: "json-curly-quotes.json",
    expected: [{ code: "json-syntax", line: 70, column: 16, path: "", suggestion: /^replace the curly quotes/ }],
  },
  "an unfinished string, on its own line": {
    file: "json-unfinished-string.json",
    expected: [{ code: "json-syntax", line: 70, column: 16, path: "", suggestion: /^add the closing " on this line/ }],
  },
  "a byte-order mark, as a warning": {
    file: "byte-order-mark.json",
    expected: [{ code: "byte-order-mark", line: 1, column: 1, path: "", severity: "warning" }],
  },
  "a credit report link that is opened and never closed": {
    file: "unbalanced-link-placeholders.json",
    with: [VALID_FUNNEL],
    expected: [
      {
        code: "unbalanced-link-placeholders",
        line: 8,
        column: 85,
        path: "/privacyFormDisclaimer",
        suggestion: "add {creditReportLinkEnd} after the link text",
      },
    ],
  },
  "a hostname with a scheme, port and path, with the bare host": {
    file: "brand-bad-hostname.json",
    with: [VALID_FUNNEL],
    expected: [{ code: "bad-hostname", line: 12, column: 17, path: "/hostnames/0", suggestion: 'use "fixture.localhost"' }],
  },
  "a CRM provider the server does not have": {
    file: "brand-unknown-provider.json",
    with: [VALID_FUNNEL],
    expected: [
      { code: "unknown-provider", line: 14, column: 38, path: "/crm_provider/provider_type", suggestion: "did you mean 'sandbox'?" },
    ],
  },
  "a credit provider that is not built in, as a warning naming the http provider's settings": {
    file: "brand-http-provider.json",
    with: [VALID_FUNNEL],
    expected: [{ code: "http-provider-settings", severity: "warning", line: 23, column: 31, path: "/credit_check_provider_id" }],
  },
  "a logo file that does not exist": {
    file: "brand-logo-not-found.json",
    with: [VALID_FUNNEL],
    expected: [{ code: "logo-not-found", line: 7, column: 14, path: "/logoUrl" }],
  },
  "an unknown companyId: not in the lender catalogue, so the lender picker would be empty": {
    file: "brand-unknown-company.json",
    with: [VALID_FUNNEL, CATALOGUE],
    expected: [
      { code: "unknown-company", line: 5, column: 16, path: "/companyId", severity: "error", suggestion: "did you mean 'fixture-co'?" },
    ],
  },
  "HTML in a footer without footerIsHtml": {
    file: "brand-footer-html-not-enabled.json",
    with: [VALID_FUNNEL],
    expected: [{ code: "footer-html-not-enabled", line: 11, column: 17, path: "/footerText", suggestion: /footerIsHtml/ }],
  },
  "a lender catalogue with a name for two lenders and a company listing a missing lender": {
    file: "lender-catalogue.json",
    expected: [
      { code: "lender-catalogue", line: 5, column: 94, path: "/lenders/1/aliases/0" },
      { code: "lender-catalogue", line: 7, column: 73, path: "/companies/fixture-co/1" },
    ],
  },
  "a lender catalogue that breaks its schema: a misspelt property, an id that is not a lower-case UUID": {
    file: "catalogue-schema.json",
    expected: [
      { code: "missing-property", line: 4, column: 5, path: "/lenders/0" },
      { code: "unknown-property", line: 4, column: 86, path: "/lenders/0/alias", suggestion: "did you mean 'aliases'?" },
      { code: "schema", line: 5, column: 13, path: "/lenders/1/id" },
    ],
  },
  "a valid example the field's rules refuse (a pattern that forgot spaces), at the example": {
    file: "valid-example-refused.json",
    expected: [{ code: "valid-example-refused", line: 30, column: 61, path: "/fields/personalDetails.firstName/examples/valid/1/value" }],
  },
  "an invalid example the field's rules accept (a pattern too loose), at the example": {
    file: "invalid-example-accepted.json",
    expected: [{ code: "invalid-example-accepted", line: 24, column: 44, path: "/fields/address.postcode/examples/invalid/0/value" }],
  },
  "an invalid example refused with another message than it states, at its message": {
    file: "example-wrong-message.json",
    expected: [
      { code: "example-wrong-message", line: 30, column: 59, path: "/fields/personalDetails.firstName/examples/invalid/0/message" },
    ],
  },
  "a postcode input that takes fewer than the 8 characters of a real postcode": {
    file: "limit-below-real-answer.json",
    expected: [
      {
        code: "limit-below-real-answer",
        line: 20,
        column: 25,
        path: "/fields/address.postcode/maxInputLength",
        suggestion: "raise maxInputLength to at least 8",
      },
    ],
  },
  "an email field whose email rule was deleted": {
    file: "missing-field-rule.json",
    expected: [
      { code: "missing-field-rule", line: 32, column: 16, path: "/fields/contactDetails.email/rules", suggestion: /"rule": "email"/ },
    ],
  },
  "a message name written where the message belongs": {
    file: "message-key-as-text.json",
    expected: [
      {
        code: "message-key-as-text",
        line: 32,
        column: 47,
        path: "/fields/contactDetails.email/rules/0/message",
        suggestion: /^write \{ "use": "email.invalid" \}/,
      },
    ],
  },
  "an email marked transient that a hook reads": {
    file: "unstored-field-read.json",
    expected: [
      {
        code: "unstored-field-read",
        line: 32,
        column: 20,
        path: "/fields/contactDetails.email/transient",
        suggestion: `remove "transient": true from 'contactDetails.email'`,
      },
    ],
  },
  "a {firstName} on a step reached before the name is asked, at the placeholder": {
    file: "placeholder-before-collected.json",
    expected: [{ code: "placeholder-before-collected", line: 58, column: 57, path: "/steps/1/blocks/0/props/text" }],
  },
  "a lender picker whose limit message states another number than its max, at the number": {
    file: "lender-limit-mismatch.json",
    expected: [
      {
        code: "lender-limit-mismatch",
        line: 88,
        column: 133,
        path: "/steps/3/blocks/2/props/limitMessage",
        suggestion: "say 3, or change max",
      },
    ],
  },
  "a delay in seconds where milliseconds are meant": {
    file: "duration-in-seconds.json",
    expected: [
      {
        code: "duration-in-seconds",
        line: 89,
        column: 182,
        path: "/steps/3/blocks/2/props/redirectDelayMs",
        suggestion: "write 2000 for 2 seconds",
      },
    ],
  },
  "two next rules that can both hold and send the visitor back and forth": {
    file: "next-rules-ping-pong.json",
    expected: [{ code: "next-rules-ping-pong", line: 74, column: 71, path: "/steps/2/next/0/to/step" }],
  },
  "a condition comparing with a brand value in the wrong case, in the funnel": {
    file: "brand-value-mismatch.json",
    with: [VALID_BRAND],
    expected: [
      { code: "brand-value-mismatch", line: 87, column: 78, path: "/steps/3/blocks/2/visibleWhen/brand/1", suggestion: 'write "standard"' },
    ],
  },
  "a brand whose formVersion is a guarded funnel that sends new visitors back to /claim": {
    file: "brand-form-version-loop.json",
    with: [GUARDED_FUNNEL],
    expected: [{ code: "form-version-loop", line: 10, column: 18, path: "/formVersion" }],
  },
  "a blank copy override": {
    file: "brand-blank-copy-override.json",
    with: [OVERLAY_FUNNEL],
    expected: [{ code: "blank-copy-override", line: 18, column: 69, path: "/copy/start-heading/lead" }],
  },
  "several mistakes in one file, every one of them": {
    file: "many-problems.json",
    expected: [
      {
        code: "unknown-rule",
        line: 32,
        column: 27,
        path: "/fields/contactDetails.email/rules/0/rule",
        suggestion: "did you mean 'email'?",
      },
      { code: "unknown-block", line: 46, column: 19, path: "/steps/0/blocks/0/type", suggestion: "did you mean 'heading'?" },
      { code: "unknown-condition", line: 56, column: 25, path: "/steps/1/continueWhen/filed", suggestion: "did you mean 'filled'?" },
      { code: "duplicate-step", line: 79, column: 13, path: "/steps/3/id" },
      {
        code: "unresolved-placeholder",
        line: 83,
        column: 76,
        path: "/steps/3/blocks/0/props/text",
        suggestion: /^placeholders are \{brandName\}/,
      },
    ],
  },
};

describe("broken definitions", () => {
  for (const [title, { file, with: others = [], before = [], expected }] of Object.entries(CASES)) {
    it(`reports ${title}`, async () => {
      const path = fixture(`broken/${file}`);
      const report = await lintDefinitions([...before, path, ...others]);
      const actual = report.problems.map((p) => ({
        file: p.file,
        code: p.code,
        line: p.line,
        column: p.column,
        path: p.path,
        severity: p.severity,
      }));
      expect(actual).toEqual(
        expected.map((e) => ({
          file: expect.stringContaining(`broken/${file}`),
          code: e.code,
          line: e.line,
          column: e.column,
          path: e.path,
          severity: e.severity ?? "error",
        })),
      );
      report.problems.forEach((problem, i) => {
        const { suggestion, message } = expected[i];
        if (message) expect(problem.message).toMatch(message);
        if (suggestion === undefined) return;
        if (typeof suggestion === "string") expect(problem.suggestion).toBe(suggestion);
        else expect(problem.suggestion).toMatch(suggestion);
        expect(problem.message).not.toMatch(/must NOT|oneOf|#\//); // plain English, no ajv jargon
      });
    });
  }

  it("finds the valid fixtures clean", async () => {
    const valid = ["minimal-funnel.json", "overlay-funnel.json", "brand.json", "catalogue.json", "guarded-funnel.json"].map((f) =>
      fixture(`valid/${f}`),
    );
    expect((await lintDefinitions(valid)).problems).toEqual([]);
  });

  it("has a fixture for every case and a case for every fixture", async () => {
    const { readdir } = await import("node:fs/promises");
    const files = (await readdir(fixture("broken"))).filter((f) => f.endsWith(".json")).sort();
    expect(files).toEqual(
      Object.values(CASES)
        .map((c) => c.file)
        .sort(),
    );
  });
});
