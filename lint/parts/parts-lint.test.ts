/**
 * Shared parts through the whole lint, on two fixture definitions folders:
 * parts-valid (fields, blocks and messages used, extended and overridden) and
 * parts-broken (one mistake of each kind), each problem at its file:line:column.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDefinitions } from "../lint-definitions";
import { readResolvedFunnel } from "./read-funnel";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const tail = (file: string) => file.replace(/\\/g, "/").replace(/^.*fixtures\//, "");

describe("a funnel using shared parts", () => {
  it("lints clean and is returned resolved, as the engine needs it", async () => {
    const report = await lintDefinitions([fixture("parts-valid")]);
    expect(report.problems).toEqual([]);
    expect(report.funnels).toHaveLength(1);
    const minimal = JSON.parse(readFileSync(fixture("valid/minimal-funnel.json"), "utf8"));
    const [funnel] = report.funnels;
    // The same funnel as the inline fixture, except what the parts and overrides change on purpose.
    expect(funnel.fields).toEqual({
      ...minimal.fields,
      "personalDetails.firstName": { ...minimal.fields["personalDetails.firstName"], hint: "As on your finance agreement" },
      "address.postcode": { ...minimal.fields["address.postcode"] },
      "contactDetails.email": {
        kind: "email",
        label: "Email address",
        autocomplete: "email",
        rules: [{ rule: "email", message: "Please enter a valid email address" }],
      },
    });
    expect(funnel.steps.slice(0, 2)).toEqual(minimal.steps.slice(0, 2));
    expect(funnel.steps[2].blocks).toEqual(minimal.steps[2].blocks);
    expect(funnel.steps[3].blocks[2]).toEqual({
      type: "paragraph",
      props: { tone: "small", text: "{brandName} will send your claim to our partnered solicitors." },
    });
  });

  it("reads the same through readResolvedFunnel (the flows document, tests)", async () => {
    const [linted] = (await lintDefinitions([fixture("parts-valid")])).funnels;
    expect(readResolvedFunnel(fixture("parts-valid/funnels/fixture.json"))).toEqual(linted);
  });

  it("refuses to read a funnel whose references do not resolve", () => {
    expect(() => readResolvedFunnel(fixture("parts-broken/funnels/fixture.json"))).toThrow(/no field part 'postcod'/);
  });
});

describe("mistakes with shared parts", () => {
  it("are each reported in the file to change: a reference at its use, a broken part at its own line", async () => {
    const report = await lintDefinitions([fixture("parts-broken")]);
    const seen = report.problems.map(
      (p) => `${tail(p.file)}:${p.line}:${p.column} ${p.severity} ${p.code} ${p.path || "/"}${p.suggestion ? ` (${p.suggestion})` : ""}`,
    );
    expect(seen).toEqual([
      "parts-broken/funnels/fixture.json:12:34 error unknown-part /fields/address.postcode/use (did you mean 'postcode'?)",
      "parts-broken/funnels/fixture.json:13:5 error missing-property /fields/personalDetails.firstName",
      "parts-broken/funnels/fixture.json:18:59 error unknown-part /fields/signature/rules/0/message/use (did you mean 'sign-required'?)",
      "parts-broken/parts/fields/first-name.json:1:1 error missing-property /",
      "parts-broken/parts/fields/first-name.json:4:3 error unknown-property /lable (did you mean 'label'?)",
      "parts-broken/parts/fields/looping-too.json:3:10 error part-cycle /use (a part may use another part, but never one that leads back to itself)",
      "parts-broken/parts/fields/looping.json:3:10 error part-cycle /use (a part may use another part, but never one that leads back to itself)",
      'parts-broken/parts/fields/postcode.json:1:1 warning unused-part / (use it with { "use": "postcode" }, or remove it from parts/fields/)',
      "parts-broken/parts/fields/postcode.json:5:80 error invalid-part-use /rules/0/message/text",
      "parts-broken/parts/blocks/email-input.json:4:23 error unknown-field /props/field (did you mean 'contactDetails.email'?)",
      'parts-broken/parts/blocks/never-shown.json:1:1 warning unused-part / (use it with { "use": "never-shown" }, or remove it from parts/blocks/)',
      'parts-broken/parts/messages.json:4:5 warning unused-part /messages/sign-required (use it with { "use": "sign-required" }, or remove it from parts/messages.json)',
    ]);
    // A problem the funnel's checks find inside a part says which funnel it is about; the part's own problems do not.
    expect(report.problems.find((p) => p.code === "unknown-field")?.message).toMatch(
      /where .*parts-broken\/funnels\/fixture\.json uses it/,
    );
    expect(report.problems.find((p) => p.code === "unknown-property")?.message).not.toMatch(/where/);
    expect(report.funnels).toEqual([]);
  });

  it("a funnel named alone: its reference problems and the part problems it meets, no unused parts", async () => {
    const report = await lintDefinitions([fixture("parts-broken/funnels/fixture.json")]);
    expect(report.problems.map((p) => `${tail(p.file)} ${p.code}`)).toEqual([
      "parts-broken/funnels/fixture.json unknown-part",
      "parts-broken/funnels/fixture.json missing-property",
      "parts-broken/funnels/fixture.json unknown-part",
      "parts-broken/parts/blocks/email-input.json unknown-field",
      "parts-broken/parts/fields/first-name.json unknown-property",
      "parts-broken/parts/fields/looping-too.json part-cycle",
    ]);
  });

  it("a part file that is not JSON: one json-syntax problem in it, and the reference says it cannot be read", async () => {
    const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "parts-"));
    try {
      cpSync(fixture("parts-valid"), dir, { recursive: true });
      writeFileSync(join(dir, "parts", "fields", "postcode.json"), '{ "kind": "text", "label": "Postcode", }\n');
      const report = await lintDefinitions([dir]);
      // (The copy's "$schema" pointers no longer reach schema/json/; those warnings are not what this is about.)
      report.problems = report.problems.filter((p) => p.code !== "schema-pointer");
      expect(
        report.problems.map((p) => `${p.file.replace(/\\/g, "/").split("/").slice(-2).join("/")}:${p.line}:${p.column} ${p.code}`),
      ).toEqual(["funnels/fixture.json:12:34 unknown-part", "fields/postcode.json:1:40 json-syntax"]);
      expect(report.problems[0].message).toMatch(/cannot be read: .*postcode\.json is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
