import { describe, expect, it } from "vitest";
import { preloadsOf } from "./blockPreloads";

describe("preloadsOf", () => {
  it("asks for nothing beside a block's chunk: its own imports come with it", () => {
    expect(preloadsOf("assets/SubmittingProgressBlock-DiZ-ZxPS.js", ["assets/registry-DMCS3piB.js", "assets/modal-CrxgT2Bc.js"])).toEqual(
      [],
    );
    expect(preloadsOf("assets/CheckboxBlock-BgLnYbUg.js", ["assets/defaultedCopy-8c9Nxjbh.js"])).toEqual([]);
  });

  it("keeps every file a page's chunk needs", () => {
    const deps = ["assets/portalClaims-CV-SKWpl.js", "assets/format-DCdGhIeB.js"];
    expect(preloadsOf("assets/PortalPage-QmF2wpYU.js", deps)).toEqual(deps);
    expect(preloadsOf("assets/registry-DMCS3piB.js", deps)).toEqual(deps);
  });

  it("does not take a shared chunk whose name merely ends in Block for a block", () => {
    expect(preloadsOf("assets/codeBlock-AAAA1111.js", ["assets/x-1.js"])).toEqual(["assets/x-1.js"]);
  });
});
