/** Which steps wait for react-hook-form (formSteps.ts), and the list of blocks that need it, checked against their code. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StepDefinition } from "../schema/types";
import { FORM_KIT_BLOCK_TYPES, stepNeedsFormKit } from "./formSteps";

const BLOCKS_DIR = join(import.meta.dirname, "..", "renderer", "blocks");
/** What only react-hook-form does in a block's code: its control, reset, or react-hook-form itself. */
const NEEDS_FORM_KIT = /runtime\.form\.(control|reset)\b|from "react-hook-form"|formKit\(\)/;

function blockSource(type: string): string {
  const dir = join(BLOCKS_DIR, type);
  return readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
    .map((file) => readFileSync(join(dir, file), "utf8"))
    .join("\n");
}

const blockTypes = readdirSync(BLOCKS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "testing")
  .map((entry) => entry.name);

describe("blocks that need react-hook-form to be drawn", () => {
  it.each(blockTypes)("%s is listed exactly when its code needs it", (type) => {
    expect(FORM_KIT_BLOCK_TYPES.has(type as never), `${type}: needs it = ${NEEDS_FORM_KIT.test(blockSource(type))}`).toBe(
      NEEDS_FORM_KIT.test(blockSource(type)),
    );
  });
});

describe("stepNeedsFormKit", () => {
  const step = (blocks: unknown[]) => ({ id: "s", title: "S", blocks }) as unknown as StepDefinition;

  it("is false for a step of headings, copy and buttons, and for a step of fields", () => {
    expect(
      stepNeedsFormKit(
        step([
          { type: "heading", props: { text: "Start" } },
          { type: "actionButton", props: { label: "Go", actions: [{ hook: "setValue", field: "started", value: true }] } },
        ]),
      ),
    ).toBe(false);
    expect(stepNeedsFormKit(step([{ type: "textInput", props: { field: "person.firstName" } }]))).toBe(false);
    expect(stepNeedsFormKit(step([{ type: "addressLookup", props: {} }]))).toBe(false);
  });

  it("is true for a step with a block that needs react-hook-form itself", () => {
    expect(stepNeedsFormKit(step([{ type: "submittingProgress", props: {} }]))).toBe(true);
  });
});
