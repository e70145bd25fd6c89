/**
 * The exported JSON Schemas in schema/json/ are generated; these tests fail
 * when they are stale, when a registry list is missing from them, or when an
 * editor could not resolve them on their own.
 */
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { buildJsonSchemas, serialiseJsonSchema } from "../tools/schemas/json-schemas";
import { BLOCK_TYPES } from "./blocks.schema";
import { CONDITION_OPERATORS } from "./condition.schema";
import { FIELD_RULES } from "./field.schema";
import { HOOK_NAMES } from "./hooks.schema";

type Node = Record<string, any>;
const read = (name: string) => readFileSync(new URL(`./json/${name}`, import.meta.url), "utf8");
const funnelJson = (): Node => JSON.parse(read("funnel.schema.json"));

describe("schema/json", () => {
  for (const [name, schema] of Object.entries(buildJsonSchemas())) {
    it(`${name} is up to date (run \`npm run schemas\` if this fails)`, () => {
      expect(read(name)).toBe(serialiseJsonSchema(schema));
    });
  }

  it("lists every block type, hook, field rule and condition operator", () => {
    const defs = funnelJson().$defs;
    const tags = (def: Node, tag: string) => def.oneOf.map((branch: Node) => branch.properties[tag].const);
    expect(tags(defs.block, "type")).toEqual([...BLOCK_TYPES]);
    expect(tags(defs.hookCall, "hook")).toEqual([...HOOK_NAMES]);
    expect(tags(defs.fieldRule, "rule")).toEqual([...FIELD_RULES]);
    expect(Object.keys(defs.condition.properties)).toEqual([...CONDITION_OPERATORS]);
  });

  it("has only local $refs, and each resolves", () => {
    const schema = funnelJson();
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node))
          if (key === "$ref") refs.push(value as string);
          else walk(value);
      }
    };
    walk(schema);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/\$defs\/[a-zA-Z]+$/);
      expect(schema.$defs[ref.slice("#/$defs/".length)]).toBeDefined();
    }
    expect(JSON.stringify(schema)).not.toMatch(/"\$id"/);
  });

  it("validates definitions on its own, as an editor would use it", () => {
    const ajv = new Ajv2020({ allErrors: true, discriminator: true, allowUnionTypes: true, strict: false });
    const validate = ajv.compile(funnelJson());
    const funnel = JSON.parse(readFileSync(new URL("../definitions/funnels/v3b.json", import.meta.url), "utf8"));
    expect(validate(funnel)).toBe(true);
    funnel.steps[0].blocks[0].type = "headng";
    expect(validate(funnel)).toBe(false);

    const brand = JSON.parse(readFileSync(new URL("../definitions/brands/default.json", import.meta.url), "utf8"));
    expect(ajv.compile(JSON.parse(read("brand.schema.json")))(brand)).toBe(true);
  });

  it("is what the real definitions point their $schema at", () => {
    const funnel = JSON.parse(readFileSync(new URL("../definitions/funnels/v3b.json", import.meta.url), "utf8"));
    const brand = JSON.parse(readFileSync(new URL("../definitions/brands/default.json", import.meta.url), "utf8"));
    expect(funnel.$schema).toBe("../../schema/json/funnel.schema.json");
    expect(brand.$schema).toBe("../../schema/json/brand.schema.json");
  });
});

describe("schema/json for editors", () => {
  it("describes every block, hook and rule, with a snippet for each, and snippets for a new step, field and next rule", () => {
    const defs = funnelJson().$defs;
    for (const [def, tag, names] of [
      [defs.block, "type", BLOCK_TYPES],
      [defs.hookCall, "hook", HOOK_NAMES],
      [defs.fieldRule, "rule", FIELD_RULES],
    ] as const) {
      for (const branch of def.oneOf) expect(branch.description, branch.properties[tag].const).toMatch(/\w{3}/);
      expect(def.defaultSnippets.map((s: Node) => s.body[tag])).toEqual([...names]);
    }
    for (const branch of defs.block.oneOf) expect(branch.examples).toHaveLength(1);
    expect(defs.step.defaultSnippets[0].body).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      blocks: expect.any(Array),
    });
    expect(defs.field.defaultSnippets.length).toBeGreaterThan(0);
    expect(defs.step.properties.next.items.defaultSnippets[0].body).toHaveProperty("to");
  });

  it("gives each block's example a valid shape", () => {
    const ajv = new Ajv2020({ allErrors: true, discriminator: true, allowUnionTypes: true, strict: false });
    const schema = funnelJson();
    const validateBlock = ajv.compile({
      ...schema,
      $ref: "#/$defs/block",
      required: [],
      properties: {},
      additionalProperties: true,
      type: "object",
    });
    for (const branch of schema.$defs.block.oneOf) expect(validateBlock(branch.examples[0]), JSON.stringify(branch.examples[0])).toBe(true);
  });

  it("has a description on every property, for hovers", () => {
    for (const [name, schema] of Object.entries(buildJsonSchemas())) {
      const missing: string[] = [];
      const walk = (node: unknown, path: string): void => {
        if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}/${i}`));
        else if (node && typeof node === "object") {
          const properties = (node as Node).properties;
          if (properties && typeof properties === "object") {
            for (const [prop, value] of Object.entries(properties as Node))
              if (prop !== "$schema" && !(value as Node).description) missing.push(`${path}/properties/${prop}`);
          }
          for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
        }
      };
      walk(schema, "");
      expect(missing, name).toEqual([]);
    }
  });
});
