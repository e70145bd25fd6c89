import { describe, expect, it } from "vitest";
import { forTheBrowser } from "./browserManifests";

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

describe("a manifest in the browser build", () => {
  it("keeps of each prop's schema only its default, drops props that name no path and have none, and every description", () => {
    const code = forTheBrowser(manifest);
    expect(code).not.toMatch(/description|enum|shield|\.\.\.text|label|required/);
    expect(code).toContain(`icon: behaviour({ default: "lock" })`);
    expect(code).toContain(`field: binds({})`);
    expect(code).toContain(`group: pathProp("reads", {}, "address")`);
  });

  it("keeps what the browser reads: path props, defaults, paths and the contract function", () => {
    const code = forTheBrowser(manifest);
    expect(code).toContain(`reads: ["claims"]`);
    expect(code).toContain(`contract: (props) => (props.mode === "b" ? { requires: [] } : {})`);
  });

  it("keeps a description that is not text (a value computed elsewhere)", () => {
    expect(forTheBrowser(`const s = { description: DESCRIPTIONS.x, type: "string" };`)).toContain("DESCRIPTIONS.x");
  });
});
