import { describe, expect, it } from "vitest";
import { checkBrandFile, checkContentFile, checkContentSet, MIN_TEXT_CONTRAST } from "./check-content";

const codes = (findings: { code: string }[]) => findings.map((f) => f.code);

describe("checkBrandFile", () => {
  it("refuses a primary colour below 4.5:1 on white (visitors could not read its links), and not one above", () => {
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
    const [problem] = checkBrandFile({ primary_color: "#ffdd00" });
    expect(problem).toMatchObject({ code: "low-contrast-colour", severity: "error", path: "/primary_color" });
    expect(problem.message).toMatch(/1\.\d\d:1 on white/);
    expect(checkBrandFile({ primary_color: "#767676" })).toEqual([]); // 4.54:1, just AA
    expect(codes(checkBrandFile({ primary_color: "#777777" }))).toEqual(["low-contrast-colour"]); // 4.48:1
  });

  it("checks an HTML footer only when footerIsHtml is set", () => {
    expect(codes(checkBrandFile({ footerText: "<script>x</script>", footerIsHtml: true }))).toEqual(["footer-html-removed"]);
    expect(checkBrandFile({ footerText: "<script>x</script>" })).toEqual([]);
  });

  it("lets marketing copy use {handlingPausedUntil}, and nothing else", () => {
    expect(checkBrandFile({ marketing: { handlingPaused: "Paused until {handlingPausedUntil}." } })).toEqual([]);
    expect(codes(checkBrandFile({ copy: { x: { text: "Paused until {handlingPausedUntil}." } } }))).toEqual(["unresolved-placeholder"]);
  });
});

describe("content and company files", () => {
  it("lets each mail and each line of the letter's PDF use the placeholders its code fills, and no other's", () => {
    const content = (mails: object, letterOfAuthorityPdf: object = {}) =>
      checkContentFile("content", "/d/content/site.json", { mails, letterOfAuthorityPdf });
    expect(content({ saveReturn: { subject: "Finish your {brandName} claim", body: ["{link}", "{days} days"] } })).toEqual([]);
    expect(content({}, { nameLine: "Name: {name}", signedLine: "Signed on {signedOn} ({signedAt})" })).toEqual([]);
    // {code} belongs to the code mails, {name} to other lines of the letter.
    expect(content({ saveReturn: { subject: "Your code {code}", body: ["x"] } })[0]).toMatchObject({
      code: "unresolved-placeholder",
      path: "/mails/saveReturn/subject",
      token: "{code}",
    });
    expect(content({}, { title: "{name}" })[0]).toMatchObject({ code: "unresolved-placeholder", path: "/letterOfAuthorityPdf/title" });
  });

  it("wants a company file named after its companyId", () => {
    expect(checkContentFile("company", "/d/companies/acme.json", { companyId: "acme" })).toEqual([]);
    expect(checkContentFile("company", "/d/companies/acme.json", { companyId: "acme-ltd" })[0]).toMatchObject({
      code: "file-name-mismatch",
      suggestion: "rename the file to acme-ltd.json",
    });
  });

  it("reports a company with two content files", () => {
    const found = checkContentSet(
      [],
      [],
      [
        { file: "a.json", data: { companyId: "acme" }, fromDirectory: true },
        { file: "b.json", data: { companyId: "acme" }, fromDirectory: true },
      ],
      [],
    );
    expect(found).toEqual([
      {
        file: "b.json",
        finding: expect.objectContaining({ code: "duplicate-company", message: "Company 'acme' already has content in a.json" }),
      },
    ]);
  });

  it("checks shared content's copy overlay like a brand's", () => {
    const funnel = {
      file: "f.json",
      fromDirectory: true,
      data: { steps: [{ blocks: [{ type: "heading", id: "intro", props: { text: "x" } }] }] },
    };
    const content = { file: "site.json", fromDirectory: true, data: { copy: { intro: { text: "ok" }, outro: { text: "?" } } } };
    expect(checkContentSet([], [content], [], [funnel]).map((f) => [f.file, f.finding.code, f.finding.path])).toEqual([
      ["site.json", "unknown-copy-target", "/copy/outro"],
    ]);
  });

  it("lets an overlay change copy only: a link target, a limit or a field binding is refused, by its role", () => {
    const blocks = [
      {
        type: "passwordSetup",
        id: "account",
        props: { passwordField: "p", confirmField: "c", submitLabel: "Go", busyLabel: "…", redirectTo: "/portal" },
      },
      { type: "lenderPicker", id: "picker", props: { field: "lenders", label: "Lenders", max: 10, limitMessage: "Up to 10" } },
    ];
    const funnel = { file: "f.json", fromDirectory: true, data: { steps: [{ blocks }] } };
    const brand = {
      file: "brand.json",
      fromDirectory: true,
      data: {
        copy: {
          account: { submitLabel: "Create", redirectTo: "https://evil.example/" },
          picker: { max: 500, field: "x", label: "Your lenders" },
        },
      },
    };
    const found = checkContentSet([brand], [], [], [funnel]).map((f) => f.finding);
    expect(found.map((f) => [f.code, f.path])).toEqual([
      ["copy-prop-not-copy", "/copy/account/redirectTo"],
      ["copy-prop-not-copy", "/copy/picker/max"],
      ["copy-prop-not-copy", "/copy/picker/field"],
    ]);
    expect(found[0].message).toMatch(/is a link target, not copy/);
  });
});
