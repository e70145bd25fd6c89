/** Which steps need react-hook-form (formSteps.ts), and the list of blocks that use it, checked against their code. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StepDefinition } from "../schema/types";
import { FORM_BLOCK_TYPES, stepUsesForm } from "./formSteps";

const BLOCKS_DIR = join(import.meta.dirname, "..", "renderer", "blocks");
/** What reaches the form in a block's code: a field binding, the runtime's form, or react-hook-form itself. */
const USES_FORM = /useFieldBinding|runtime\.form\b|from "react-hook-form"|formKit\(\)/;

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

describe("blocks that use the form", () => {
  it.each(blockTypes)("%s is listed exactly when its code reaches the form", (type) => {
    expect(FORM_BLOCK_TYPES.has(type as never), `${type}: uses the form = ${USES_FORM.test(blockSource(type))}`).toBe(
      USES_FORM.test(blockSource(type)),
    );
  });
});

describe("stepUsesForm", () => {
  const step = (blocks: unknown[]) => ({ id: "s", title: "S", blocks }) as unknown as StepDefinition;

  it("is false for a step of headings, copy and buttons, even one whose button sets a value", () => {
    expect(
      stepUsesForm(
        step([
          { type: "heading", props: { text: "Start" } },
          { type: "actionButton", props: { label: "Go", actions: [{ hook: "setValue", field: "started", value: true }] } },
        ]),
      ),
    ).toBe(false);
  });

  it("is true for a step with a field, or with a block that reaches the form without binding a field", () => {
    expect(stepUsesForm(step([{ type: "textInput", props: { field: "person.firstName" } }]))).toBe(true);
    expect(stepUsesForm(step([{ type: "submittingProgress", props: {} }]))).toBe(true);
  });
});
