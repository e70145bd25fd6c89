// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setBoot, type Boot } from "../boot";
import { TEST_MODE_TEXT, TestModeRibbon } from "./TestModeRibbon";

afterEach(cleanup);

const boot = (testMode: boolean | undefined) =>
  ({
    brand: {},
    funnel: null,
    mountPath: null,
    stepId: null,
    status: 200,
    env: "test",
    ...(testMode === undefined ? {} : { testMode }),
  }) as unknown as Boot;

describe("TestModeRibbon", () => {
  it("says test mode in its own landmark, and makes room above the fixed header", () => {
    setBoot(boot(true));
    render(<TestModeRibbon />);
    expect(screen.getByRole("complementary", { name: "Test mode" }).textContent).toContain(TEST_MODE_TEXT);
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
