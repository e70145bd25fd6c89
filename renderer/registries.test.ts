/**
 * The registries are found from the component and hook folders (blocks/componentFiles.ts, hooks/hookFiles.ts):
 * a block type or hook of the schema's lists without its file, or a file without a manifest, fails here by name.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "../schema/blocks.schema";
import { HOOK_NAMES } from "../schema/hooks.schema";
import { blockRegistry } from "./blocks/registry";
import { hookRegistry } from "./hooks/registry";

const componentName = (type: string) => `${type[0].toUpperCase()}${type.slice(1)}Block`;

describe("registries match the schema's lists", () => {
  it("has exactly one block component per block type", () => {
    const registered = Object.keys(blockRegistry);
    expect(
      BLOCK_TYPES.filter((type) => !blockRegistry[type]),
      "block types without a component renderer/blocks/<type>/<Type>Block.tsx",
    ).toEqual([]);
    expect(
      registered.filter((type) => !(BLOCK_TYPES as readonly string[]).includes(type)),
      "components without a block type in schema/blocks/index.ts",
    ).toEqual([]);
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
      const module = (await import(`./blocks/${type}/${componentName(type)}.tsx`)) as Record<string, unknown>;
      expect(typeof module[componentName(type)], `renderer/blocks/${type}/${componentName(type)}.tsx exports ${componentName(type)}`).toBe(
        "function",
      );
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
