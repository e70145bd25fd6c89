import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  cachedValidators,
  loadPrecompiledValidators,
  PRECOMPILED_VALIDATORS_FILE,
  precompiledValidatorsSource,
  schemaAjv,
  SCHEMA_IDS,
} from "../../schema/validate";

// Inside the project, so the generated module finds ajv's runtime helpers in node_modules as the built one does.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = path.join(projectRoot, "dist", `validators-test-${process.pid}`);
const source = precompiledValidatorsSource();
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, PRECOMPILED_VALIDATORS_FILE), source);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Wrong in several ways at once: the lint reports every error, each with its parentSchema (verbose).
const badFunnel = {
  version: "Not A Slug",
  title: 3,
  routing: { path: "x" },
  navigation: {},
  fields: { "a.b": { kind: "text", label: "A", rules: [{ rule: "noSuchRule" }] } },
  steps: [{ id: "one", blocks: [{ type: "noSuchBlock" }, { type: "heading", props: {} }], colour: "red" }],
};
const badBrand = { brandId: 7, colors: { primary: "red" } };

describe("precompiled definition validators", () => {
  it("report exactly the errors of the validators compiled at run time", () => {
    const precompiled = loadPrecompiledValidators(dir)!;
    expect(precompiled).toBeDefined();
    const ajv = schemaAjv();
    for (const [name, input] of [
      ["funnel", badFunnel],
      ["brand", badBrand],
    ] as const) {
      const runtime = ajv.getSchema(SCHEMA_IDS[name])!;
      expect(runtime(input)).toBe(false);
      expect(precompiled[name](input)).toBe(false);
      expect(precompiled[name].errors!.length).toBeGreaterThan(1);
      expect(precompiled[name].errors).toEqual(runtime.errors);
    }
  });

  it("are not used when they were generated from other schemas, or are not there", () => {
    const stale = path.join(dir, "stale");
    mkdirSync(stale, { recursive: true });
    writeFileSync(
      path.join(stale, PRECOMPILED_VALIDATORS_FILE),
      source.replace(/exports\.fingerprint = "[0-9a-f]+"/, 'exports.fingerprint = "0"'),
    );
    expect(loadPrecompiledValidators(stale)).toBeUndefined();
    expect(loadPrecompiledValidators(path.join(dir, "missing"))).toBeUndefined();
  });

  it("are kept in a cache named by the schemas' fingerprint: generated on first use, loaded after that", () => {
    const cache = path.join(dir, "cache");
    const first = cachedValidators(cache)!;
    expect(first.funnel(badFunnel)).toBe(false);
    const [file] = readdirSync(cache);
    expect(file).toMatch(/^[0-9a-f]{16}\.cjs$/);
    const written = statSync(path.join(cache, file)).mtimeMs;
    const second = cachedValidators(cache)!;
    expect(second.brand(badBrand)).toBe(false);
    expect(statSync(path.join(cache, file)).mtimeMs).toBe(written);
    expect(readdirSync(cache)).toEqual([file]);
  });
});
