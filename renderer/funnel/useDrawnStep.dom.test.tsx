// @vitest-environment jsdom
/** A step drawn ahead of the address shows until the address moves; then the address decides again. */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StepDefinition } from "../../schema/types";
import { useDrawnStep } from "./useDrawnStep";

const step = (id: string) => ({ id, title: id, blocks: [] }) as unknown as StepDefinition;
const [one, two, three] = [step("one"), step("two"), step("three")];

describe("useDrawnStep", () => {
  it("shows the address's step, or the one drawn over it until the address moves", () => {
    const { result, rerender } = renderHook(({ route }) => useDrawnStep(route), { initialProps: { route: one } });
    expect(result.current.step).toBe(one);
    act(() => result.current.draw(two, "one"));
    expect(result.current.step).toBe(two);
    rerender({ route: two });
    expect(result.current.step).toBe(two);
    // The browser's Back: the address names step one again, and it shows.
    rerender({ route: one });
    expect(result.current.step).toBe(one);
  });

  it("a step drawn over another address than the current one is not shown", () => {
    const { result } = renderHook(({ route }) => useDrawnStep(route), { initialProps: { route: three } });
    act(() => result.current.draw(two, "one"));
    expect(result.current.step).toBe(three);
  });
});
