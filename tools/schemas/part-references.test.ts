/**
 * The exported schemas an editor (VS Code) checks definition files with accept
 * shared-part references where the lint resolves them, and check part files.
 */
import { readdirSync, readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), "utf8"));
const compile = (name: string) =>
  new Ajv2020({ allErrors: true, discriminator: true, allowUnionTypes: true, strict: false }).compile(readJson(`schema/json/${name}`));
const jsonIn = (folder: string) => readdirSync(new URL(folder, root)).filter((f) => f.endsWith(".json"));

describe("schemas for editors with shared parts", () => {
  it("accept every shipped funnel as written, references and all", () => {
    const validate = compile("funnel.schema.json");
    for (const file of jsonIn("definitions/funnels/")) expect(validate(readJson(`definitions/funnels/${file}`)), file).toBe(true);
  });

  it("check references: only a field's properties beside a field's use, only id, visibleWhen and props beside a block's", () => {
    const validate = compile("funnel.schema.json");
    const funnel = readJson("definitions/funnels/v3b.json");
    funnel.fields["contactDetails.email"] = { use: "email", lable: "Email" };
    expect(validate(funnel)).toBe(false);
    funnel.fields["contactDetails.email"] = { use: "email", label: "Email" };
    funnel.steps[0].blocks.push({ use: "closing-fees", type: "paragraph" });
    expect(validate(funnel)).toBe(false);
    funnel.steps[0].blocks[funnel.steps[0].blocks.length - 1] = { use: "closing-fees", props: { text: "Other text" } };
    expect(validate(funnel)).toBe(true);
    // A shared machine is used whole: nothing beside its use.
    const withMachine = funnel.steps.find((step: { machine?: unknown }) => step.machine);
    withMachine.machine = { use: "submitting-with-email-code", initial: "start" };
    expect(validate(funnel)).toBe(false);
    withMachine.machine = { use: "submitting-with-email-code" };
    expect(validate(funnel)).toBe(true);
  });

  it("check every part file with the schema its $schema names", () => {
    const schemas = {
      fields: compile("field-part.schema.json"),
      blocks: compile("block-part.schema.json"),
      machines: compile("machine-part.schema.json"),
    };
    const schemaFile = { fields: "field", blocks: "block", machines: "machine" } as const;
    for (const folder of ["fields", "blocks", "machines"] as const) {
      for (const file of jsonIn(`definitions/parts/${folder}/`)) {
        const part = readJson(`definitions/parts/${folder}/${file}`);
        expect(part.$schema).toBe(`../../../schema/json/${schemaFile[folder]}-part.schema.json`);
        expect(schemas[folder](part), `${folder}/${file}`).toBe(true);
      }
    }
    expect(schemas.fields({ kind: "text", lable: "Name" })).toBe(false);
    expect(schemas.fields({ use: "email", hint: "Another hint" })).toBe(true);
    expect(schemas.blocks({ type: "headng", props: { text: "x" } })).toBe(false);
    const messages = readJson("definitions/parts/messages.json");
    expect(compile("messages.schema.json")(messages)).toBe(true);
    expect(compile("messages.schema.json")({ messages: { empty: "" } })).toBe(false);
  });

  it("check the lender catalogue with its schema", () => {
    const catalogue = readJson("definitions/lenders/catalogue.json");
    expect(catalogue.$schema).toBe("../../schema/json/catalogue.schema.json");
    const validate = compile("catalogue.schema.json");
    expect(validate(catalogue)).toBe(true);
    expect(validate({ ...catalogue, lenders: [{ ...catalogue.lenders[0], id: "not-a-uuid" }] })).toBe(false);
  });
});
