/**
 * A block's component and its manifest agree on what it binds: every prop a component hands to useFieldBinding
 * is one its manifest marks `binds` (schema/blocks/<type>.ts), so Next validates what the visitor fills in, in the
 * browser and on the server. A bind the manifest forgot fails here, not as a lint warning about an unused field.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blockManifests } from "../../schema/blocks.schema";
import type { BlockManifest } from "../../schema/manifest";

const BLOCKS_DIR = import.meta.dirname;

/** The props a block's code binds: `useFieldBinding(runtime, block.props.x)` or `useFieldBinding(runtime, props.x)`. */
function boundInCode(type: string): { props: string[]; other: boolean } {
  const dir = join(BLOCKS_DIR, type);
  const source = readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
    .map((file) => readFileSync(join(dir, file), "utf8"))
    .join("\n");
  const calls = [...source.matchAll(/useFieldBinding\(\s*runtime\s*,\s*([^)]*)\)/g)].map((m) => m[1].trim());
  const props = calls.map((arg) => arg.match(/^(?:block\.)?props\.(\w+)$/)?.[1]).filter((p): p is string => p !== undefined);
  return { props, other: calls.length > props.length };
}

const bindsOf = (type: string) =>
  Object.entries((blockManifests as Record<string, BlockManifest>)[type].props)
    .filter(([, spec]) => spec.role === "field" && spec.use === "binds")
    .map(([prop]) => prop);

const types = readdirSync(BLOCKS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "testing")
  .map((entry) => entry.name);

describe("what a block binds", () => {
  it("finds blocks that bind in their code", () => {
    expect(types.filter((type) => boundInCode(type).props.length > 0).length).toBeGreaterThan(5);
  });

  it.each(types)("%s: its manifest binds every prop its component binds", (type) => {
    const inCode = boundInCode(type);
    expect(bindsOf(type)).toEqual(expect.arrayContaining(inCode.props));
    // A binding of a computed path (the address lookup's fields under its group) needs a bound group prop.
    if (inCode.other) expect(bindsOf(type).length, `${type} binds a computed path`).toBeGreaterThan(0);
  });
});
