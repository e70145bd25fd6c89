// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setBoot } from "../boot";
import { TestModeRibbon } from "./TestModeRibbon";
import { FIXTURE_TEXT, sitePageBoot } from "../testing/siteText";

afterEach(cleanup);

const boot = (testMode: boolean | undefined) => sitePageBoot(testMode === undefined ? {} : { testMode });

describe("TestModeRibbon", () => {
  it("says test mode in its own landmark, and makes room above the fixed header", () => {
    setBoot(boot(true));
    render(<TestModeRibbon />);
    expect(screen.getByRole("complementary", { name: "Test mode" }).textContent).toContain(FIXTURE_TEXT.common.testModeText);
    expect(document.documentElement.classList.contains("test-mode")).toBe(true);
  });

  it("is absent when no sandbox can answer", () => {
    for (const value of [false, undefined]) {
      setBoot(boot(value));
      render(<TestModeRibbon />);
      expect(screen.queryByRole("complementary", { name: "Test mode" })).toBeNull();
      expect(document.documentElement.classList.contains("test-mode")).toBe(false);
      cleanup();
    }
  });
});
