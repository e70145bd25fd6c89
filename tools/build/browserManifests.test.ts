import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, createServerModuleRunner, type ViteDevServer } from "vite";
import type { ModuleRunner } from "vite/module-runner";
import { browserManifests, forTheBrowser } from "./browserManifests";
import * as blocksSchema from "../../schema/blocks.schema";
import * as contracts from "../../schema/contracts";
import { hookManifests } from "../../schema/hooks.schema";
import type { BlockManifest, HookManifest } from "../../schema/manifest";
import type { Block } from "../../schema/types";

const manifest = `export default defineBlock({
  description: "A block" + " of copy.",
  props: {
    label: copy({ ...text, description: "The label it shows." }),
    icon: behaviour({ enum: ["lock", "shield"], default: "lock" }),
    field: binds(field),
    group: pathProp("reads", { type: "string", description: \`Where the \${name} fields sit.\` }, "address"),
  },
  required: ["label"],
  reads: ["claims"],
  contract: (props) => (props.mode === "b" ? { requires: [] } : {}),
});`;

/** The source with its whitespace squeezed, to compare shapes without caring for the layout. */
const squeezed = (code: string) => code.replace(/\s+/g, " ");

describe("a manifest in the browser build", () => {
  it("keeps of each prop's schema only its default, drops props that bind nothing and have none, and every description", () => {
    const code = forTheBrowser(manifest);
    expect(code).not.toMatch(/description|enum|shield|\.\.\.text|label|required|group/);
    expect(code).toContain(`icon: behaviour({ default: "lock" })`);
    expect(code).toContain(`field: binds({})`);
  });

  it("drops the contract lists, the contract function and movesOn, which only the lint and the server read", () => {
    const code = forTheBrowser(`import { CREDIT_CHECK_WRITES, identityPaths } from "../contractPaths";
const identity = identityPaths();
export default defineHook({
  description: "A hook.",
  props: { event: behaviour({ type: "string", default: "done" }) },
  after: ["submitClaimRequest"],
  requires: ["claim_request_id"],
  // The identity check's fields.
  reads: [identity.firstName, identity.email],
  writes: [...CREDIT_CHECK_WRITES, "verification_id"],
  movesOn: true,
  usesForm: true,
  contract: (call) => (call.event === "x" ? { reads: [] } : {}),
});`);
    expect(squeezed(code)).toContain(`defineHook({ props: { event: behaviour({ default: "done" }) }, usesForm: true, });`);
  });

  it("drops the paths a prop writes, reads or requires without a schema default, and keeps what it binds", () => {
    const code = forTheBrowser(`export default defineBlock({
  props: {
    emailField: pathProp("requires", { ...field, description: "The email." }, PATH_DEFAULTS.email),
    lendersField: pathProp("reads", LENDERS, PATH_DEFAULTS.manualLenders),
    stored: pathProp("writes", field),
    person: pathProp("contract", group("personalDetails")),
    field: binds(field),
    fieldGroup: bindsGroup({ ...fieldGroup, description: "Where they sit." }, ADDRESS_KEYS, PATH_DEFAULTS.addressGroup),
  },
});`);
    expect(squeezed(code)).toBe(
      `export default defineBlock({ props: { field: binds({}), fieldGroup: bindsGroup({}, ADDRESS_KEYS, PATH_DEFAULTS.addressGroup), }, });`,
    );
  });

  it("keeps a path prop whose schema gives a default (the renderer fills it in), reduced to that default", () => {
    const code = forTheBrowser(
      `defineBlock({ props: { target: pathProp("reads", { type: "string", default: "contactDetails.email" }, "x") } });`,
    );
    expect(code).toBe(`defineBlock({ props: { target: pathProp("reads", { default: "contactDetails.email" }, "x") } });`);
  });

  it("drops a spread of defaulted block copy (props without a default), so the block copy table stays out", () => {
    const code = forTheBrowser(`defineBlock({
  props: {
    // Words it always shows.
    ...defaultedCopyProps("signature"),
    field: binds(field),
    instructions: copy(text),
  },
});`);
    expect(squeezed(code)).toBe(`defineBlock({ props: { // Words it always shows. field: binds({}), }, });`);
    expect(code).not.toContain("defaultedCopyProps");
  });

  it("keeps a spread of defaulted block copy after a prop it could override, and spreads it does not know", () => {
    const after = forTheBrowser(
      `defineBlock({ props: { placeholder: copy({ ...text, default: "DD" }), ...defaultedCopyProps("dateOfBirth") } });`,
    );
    expect(after).toContain(`...defaultedCopyProps("dateOfBirth")`);
    expect(after).toContain(`placeholder: copy({ default: "DD" })`);
    const unknown = forTheBrowser(`defineBlock({ props: { ...sharedProps, field: binds(field) } });`);
    expect(unknown).toBe(`defineBlock({ props: { ...sharedProps, field: binds({}) } });`);
  });

  it("keeps a contract function that may give what a block binds, and contract keys of objects other than the manifest", () => {
    const code = forTheBrowser(`defineBlock({
  props: { fields: behaviour({ type: "array" }) },
  contract: (props) => ({ binds: (props.fields ?? []).map((path) => ({ path })) }),
});
const list = { reads: ["claims"], writes: [] };`);
    expect(code).toContain("contract: (props) => ({ binds:");
    expect(code).toContain(`const list = { reads: ["claims"], writes: [] };`);
  });

  it("leaves well-formed objects when every property or the last ones go, whatever comments sit between them", () => {
    const code = forTheBrowser(`defineHook({ props: {}, requires: ["a"] /* the claim */, writes: ["b"], });
defineHook({ reads: ["a"], writes: ["b"] });
defineBlock({ props: { a: copy(text), b: copy(text) } });`);
    expect(code).toBe(`defineHook({ props: {}, });
defineHook({});
defineBlock({ props: {} });`);
  });

  it("keeps a description that is not text (a value computed elsewhere)", () => {
    expect(forTheBrowser(`const s = { description: DESCRIPTIONS.x, type: "string" };`)).toContain("DESCRIPTIONS.x");
  });
});

/**
 * The real manifests as the client build gets them, loaded through Vite with the plugin (which otherwise applies
 * to builds only), beside the same modules untransformed: what the browser reads of them must not change.
 */
describe("the real manifests in the browser build", () => {
  let server: ViteDevServer;
  let runner: ModuleRunner;
  let browser: { blocks: typeof blocksSchema; contracts: typeof contracts; hooks: typeof hookManifests };

  beforeAll(async () => {
    server = await createServer({
      configFile: false,
      root: fileURLToPath(new URL("../..", import.meta.url)),
      logLevel: "silent",
      appType: "custom",
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true },
      plugins: [{ ...browserManifests(), apply: undefined }],
    });
    runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
    browser = {
      blocks: await runner.import("/schema/blocks.schema.ts"),
      contracts: await runner.import("/schema/contracts.ts"),
      hooks: (await runner.import("/schema/hooks.schema.ts")).hookManifests,
    };
  }, 60_000);

  afterAll(async () => {
    await runner?.close();
    await server?.close();
  });

  /** Blocks of each type to ask about: no props, every prop given as a path, and every prop given as a list of one. */
  const samples = (type: string): Block[] => {
    const props = Object.keys((blocksSchema.blockManifests as Record<string, BlockManifest>)[type].props);
    return [
      { type, props: {} },
      { type, props: Object.fromEntries(props.map((prop) => [prop, `given.${prop}`])) },
      { type, props: Object.fromEntries(props.map((prop) => [prop, [`given.${prop}`]])) },
    ] as Block[];
  };

  it("give every block type the same prop defaults, form-kit need and bindings", () => {
    expect(Object.keys(browser.blocks.blockManifests)).toEqual(Object.keys(blocksSchema.blockManifests));
    expect([...browser.blocks.FORM_KIT_BLOCK_TYPES]).toEqual([...blocksSchema.FORM_KIT_BLOCK_TYPES]);
    for (const type of blocksSchema.BLOCK_TYPES)
      for (const block of samples(type)) {
        expect(browser.blocks.withPropDefaults(block), type).toEqual(blocksSchema.withPropDefaults(block));
        expect(browser.contracts.blockBindings(block), type).toEqual(contracts.blockBindings(block));
      }
    // The check can fail: some block types do bind fields and have defaults.
    expect(blocksSchema.BLOCK_TYPES.filter((type) => contracts.blockBindings({ type, props: {} } as Block).length)).not.toEqual([]);
    expect(blocksSchema.BLOCK_TYPES.filter((type) => Object.keys(blocksSchema.BLOCK_PROP_DEFAULTS[type]).length)).not.toEqual([]);
  });

  it("keep only props that bind a field or have a default, and no contract lists", () => {
    const kept = (manifest: BlockManifest | HookManifest) => ({
      keys: Object.keys(manifest).filter((key) => !["props", "required", "usesForm"].includes(key)),
      props: Object.entries(manifest.props)
        .filter(
          ([, spec]) => !(spec.role === "field" && spec.use === "binds") && (spec.schema as { default?: unknown }).default === undefined,
        )
        .map(([prop]) => prop),
    });
    const all = { ...browser.blocks.blockManifests, ...browser.hooks } as Record<string, BlockManifest | HookManifest>;
    for (const [name, manifest] of Object.entries(all)) expect(kept(manifest), name).toEqual({ keys: [], props: [] });
    // Untransformed, they have them.
    expect(kept(blocksSchema.blockManifests.passwordSetup).keys).toEqual(expect.arrayContaining(["requires", "contract", "movesOn"]));
    expect(kept(hookManifests.completeSubmission).props).toEqual(["event", "lendersField", "emailField"]);
  });
});
