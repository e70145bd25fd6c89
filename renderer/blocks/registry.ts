/**
 * The block registry: one component per block type, found from the component folders (componentFiles.ts), so a
 * new block type needs no line here. registries.test.ts fails, naming the type, when a block type of
 * schema/blocks/index.ts has no component, or a component folder no block type.
 */
import { lazy, type ComponentType } from "react";
import type { BlockType } from "../../schema/types";
import type { BlockComponentProps } from "../runtime/runtime";
import { firstPageBlocks, onDemandBlockFiles } from "./componentFiles";

export type BlockRegistry = { [T in BlockType]: ComponentType<BlockComponentProps<T>> };

const onDemandBlocks = Object.fromEntries(
  Object.entries(onDemandBlockFiles).map(([file, load]) => {
    // `./<type>/<Type>Block.tsx`: the block type, and the name of the component's export
    const [, , type, name] = file.split(/\W/);
    return [type, lazy(() => load().then((module) => ({ default: module[name] })))];
  }),
);

if (import.meta.env.DEV)
  for (const type of Object.keys(firstPageBlocks))
    if (type in onDemandBlocks) throw new Error(`Block type '${type}' is bundled with the first page: leave it out of onDemandBlockFiles`);

export const blockRegistry = { ...onDemandBlocks, ...firstPageBlocks } as unknown as BlockRegistry;

/**
 * Small lazily loaded blocks that most steps with fields use: they load at the visitor's first action
 * whatever the funnel, so no later step waits for them.
 */
export const FIELD_BLOCK_TYPES: readonly BlockType[] = ["radioGroup", "checkbox", "selectInput", "dateOfBirth"];
