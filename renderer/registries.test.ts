import { describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "../schema/blocks.schema";
import { HOOK_NAMES } from "../schema/hooks.schema";
import { blockRegistry } from "./blocks/registry";
import { hookRegistry } from "./hooks/registry";

describe("registries match the schema's lists", () => {
  it("has exactly one block component per block type", () => {
    expect(Object.keys(blockRegistry).sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) expect(blockRegistry[type], type).toBeTruthy();
  });
  it("has exactly one implementation per hook name", () => {
    expect(Object.keys(hookRegistry).sort()).toEqual([...HOOK_NAMES].sort());
    for (const name of HOOK_NAMES) expect(typeof hookRegistry[name], name).toBe("function");
  });
});
