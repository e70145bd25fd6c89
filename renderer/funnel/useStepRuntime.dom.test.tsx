// @vitest-environment jsdom
/** What a step's blocks and hooks are given: filled copy, the answers, the busy flag and the ways on. */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import type { BrandTheme } from "../boot";
import { createFunnelForm } from "../runtime/funnelForm";
import { useStepRuntime, type StepRuntimeOptions } from "./useStepRuntime";
import { brandPlaceholderValues } from "../../engine/brandPlaceholders";
import { FIXTURE_TEXT } from "../testing/siteText";

const step = { id: "details", title: "Your details", blocks: [] } as unknown as StepDefinition;
const funnel = { version: "fixture", fields: {}, steps: [step] } as unknown as FunnelDefinition;
const names = { brandName: "Acme Claims", companyName: "Acme Ltd" };
// The server works out the brand's placeholders (engine/brandPlaceholders.ts); the page fills copy from them.
const brand = {
  brandId: "b",
  ...names,
  placeholders: brandPlaceholderValues(names, FIXTURE_TEXT.brandPlaceholders),
} as unknown as BrandTheme;

function renderRuntime(overrides: Partial<StepRuntimeOptions> = {}) {
  const form = createFunnelForm({ personalDetails: { firstName: "Sam" } }, {}).form;
  const go = vi.fn(async () => undefined);
  const nextPress = vi.fn<StepRuntimeOptions["nextPress"]>(() => {
    throw new Error("gathered at the press");
  });
  const options: StepRuntimeOptions = {
    ...{ funnel, step, brand, form, go, nextPress },
    query: new URLSearchParams("utm_source=x"),
    mountPath: "v9",
    search: "?utm_source=x",
    ...overrides,
  };
  const hook = renderHook(() => useStepRuntime(options));
  return { ...hook, form, go, nextPress };
}

describe("useStepRuntime", () => {
  it("gives the funnel, the step, the brand, the query and the form of the render", () => {
    const { result, form } = renderRuntime();
    expect(result.current.funnel).toBe(funnel);
    expect(result.current.step).toBe(step);
    expect(result.current.brand).toBe(brand);
    expect(result.current.form).toBe(form);
    expect(result.current.query.get("utm_source")).toBe("x");
  });

  it("fills placeholders from the brand and the answers, and leaves copy without one as it is", () => {
    const { result } = renderRuntime();
    expect(result.current.fill("Thanks {firstName}, {brandName} has it")).toBe("Thanks Sam, Acme Claims has it");
    expect(result.current.fill("No placeholder here")).toBe("No placeholder here");
  });

  it("reads and sets the answers through the form", () => {
    const { result, form } = renderRuntime();
    result.current.setValue("personalDetails.lastName", "Jones");
    expect(form.getValues("personalDetails.lastName")).toBe("Jones");
    expect(result.current.getData()).toEqual({ personalDetails: { firstName: "Sam", lastName: "Jones" } });
  });

  it("keeps the busy flag, set by a block or hook, for the next render", () => {
    const { result } = renderRuntime();
    expect(result.current.busy).toBe(false);
    act(() => result.current.setBusy(true));
    expect(result.current.busy).toBe(true);
  });

  it("moves to another step keeping the query, and opens a change that returns to this step", () => {
    const { result, go } = renderRuntime();
    result.current.goToStep?.("address");
    expect(go).toHaveBeenLastCalledWith({ step: "address" });
    result.current.changeAnswer?.("address");
    expect(go).toHaveBeenLastCalledWith({ step: "address" }, "?utm_source=x&change=details");
    expect(result.current.stepHref?.("address")).toBe("/claim/v9/address?utm_source=x");
    expect(result.current.stepHref?.("address", "check")).toBe("/claim/v9/address?utm_source=x&change=check");
  });

  it("gathers what Next needs when Next is pressed, not while drawing", () => {
    const { result, nextPress } = renderRuntime();
    expect(nextPress).not.toHaveBeenCalled();
    expect(() => result.current.goNext()).toThrow("gathered at the press");
    expect(nextPress).toHaveBeenCalledTimes(1);
  });
});
