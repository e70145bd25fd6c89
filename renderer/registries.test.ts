/**
 * The registries are found from the component and hook folders (blocks/componentFiles.ts and onDemandBlockFiles.ts,
 * hooks/hookFiles.ts):
 * a block type or hook of the schema's lists without its file, or a file without a manifest, fails here by name.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "../schema/blocks.schema";
import { HOOK_NAMES } from "../schema/hooks.schema";
import { blockRegistry, loadOnDemandBlockFiles } from "./blocks/registry";
import { blockComponentFile, blockComponentName, firstPageBlocks } from "./blocks/componentFiles";
import { loadLazyBlocks } from "./blocks/loadLazyBlocks";
import { hookRegistry } from "./hooks/registry";

describe("registries match the schema's lists", () => {
  it("has exactly one block component per block type: a first-page block, or a file the on-demand list finds", async () => {
    const firstPage = Object.keys(firstPageBlocks);
    const onDemand = Object.keys(await loadOnDemandBlockFiles());
    expect(
      BLOCK_TYPES.filter((type) => !firstPage.includes(type) && !onDemand.includes(blockComponentFile(type))),
      "block types without a component renderer/blocks/<type>/<Type>Block.tsx",
    ).toEqual([]);
    expect(
      onDemand.filter((file) => !BLOCK_TYPES.some((type) => blockComponentFile(type) === file)),
      "components without a block type in schema/blocks/index.ts",
    ).toEqual([]);
    expect(
      firstPage.filter((type) => onDemand.includes(blockComponentFile(type))),
      "first-page blocks the on-demand glob also finds (leave them out of onDemandBlockFiles.ts)",
    ).toEqual([]);
    expect(Object.keys(blockRegistry).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it("loads an on-demand block's component through the registry, as React.lazy sees it", async () => {
    const registry = blockRegistry as unknown as Record<string, { _init: (payload: unknown) => unknown; _payload: unknown }>;
    await loadLazyBlocks(["checkbox"]);
    expect(registry.checkbox._init(registry.checkbox._payload)).toBe((await import("./blocks/checkbox/CheckboxBlock")).CheckboxBlock);
  });

  it("finds each component folder's component by its name: <type>/<Type>Block.tsx exporting <Type>Block", async () => {
    const folders = readdirSync(join(import.meta.dirname, "blocks"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "testing")
      .map((entry) => entry.name);
    expect(
      folders.filter((type) => !(BLOCK_TYPES as readonly string[]).includes(type)),
      "folders that are no block type",
    ).toEqual([]);
    for (const type of BLOCK_TYPES) {
      const module = (await import(`./blocks/${type}/${blockComponentName(type)}.tsx`)) as Record<string, unknown>;
      expect(
        typeof module[blockComponentName(type)],
        `renderer/blocks/${type}/${blockComponentName(type)}.tsx exports ${blockComponentName(type)}`,
      ).toBe("function");
    }
  });

  it("has exactly one implementation per hook name", () => {
    expect(
      HOOK_NAMES.filter((name) => typeof hookRegistry[name] !== "function"),
      "hooks without an implementation renderer/hooks/<name>.ts exporting <name>",
    ).toEqual([]);
    expect(
      Object.keys(hookRegistry).filter((name) => !(HOOK_NAMES as readonly string[]).includes(name)),
      "files in renderer/hooks/ that are no hook of schema/hooks/index.ts (shared code goes in a sub-folder)",
    ).toEqual([]);
  });
});
