/**
 * The block registry: one component per block type of the schema's list, found from the component folders
 * (componentFiles.ts), so a new block type needs no line here. registries.test.ts fails, naming the type, when a
 * block type of schema/blocks/index.ts has no component, or a component folder no block type.
 */
import { lazy, type ComponentType } from "react";
import { BLOCK_TYPES } from "../../schema/blocks.schema";
import type { BlockType } from "../../schema/types";
import type { BlockComponentProps } from "../runtime/runtime";
import { loadOnce } from "../loadOnce";
import { blockComponentFile, blockComponentName, firstPageBlocks } from "./componentFiles";

export type BlockRegistry = { [T in BlockType]: ComponentType<BlockComponentProps<T>> };

/** Where the other blocks' files are (onDemandBlockFiles.ts), asked for with the first of them. */
export const loadOnDemandBlockFiles = loadOnce(() => import("./onDemandBlockFiles").then((module) => module.onDemandBlockFiles));

async function loadOnDemandBlock(type: string): Promise<{ default: ComponentType<object> }> {
  const load = (await loadOnDemandBlockFiles())[blockComponentFile(type)];
  if (!load) throw new Error(`Block type '${type}' has no component ${blockComponentFile(type)}`);
  return { default: (await load())[blockComponentName(type)] };
}

const onDemandBlocks = Object.fromEntries(
  BLOCK_TYPES.filter((type) => !(type in firstPageBlocks)).map((type) => [type, lazy(() => loadOnDemandBlock(type))]),
);

export const blockRegistry = { ...onDemandBlocks, ...firstPageBlocks } as unknown as BlockRegistry;

/**
 * Small lazily loaded blocks that most steps with fields use: they load at the visitor's first action
 * whatever the funnel, so no later step waits for them.
 */
export const FIELD_BLOCK_TYPES: readonly BlockType[] = ["radioGroup", "checkbox", "selectInput", "dateOfBirth"];
