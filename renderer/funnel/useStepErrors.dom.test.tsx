// @vitest-environment jsdom
/** A step's errors belong to it: another step starts clean, and a message carried to a step shows there only. */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useStepErrors } from "./useStepErrors";

describe("useStepErrors", () => {
  it("keeps the summary and the message with the step they were found on", () => {
    const { result, rerender } = renderHook(({ stepId }) => useStepErrors(stepId), { initialProps: { stepId: "a" } });
    act(() => result.current.setSummary([{ path: "x", message: "Enter x" }]));
    act(() => result.current.setStepError("Something failed"));
    expect(result.current.summary).toEqual([{ path: "x", message: "Enter x" }]);
    expect(result.current.stepError).toBe("Something failed");
    rerender({ stepId: "b" });
    expect(result.current.summary).toEqual([]);
    expect(result.current.stepError).toBeNull();
    // Back on the first step, before anything else was set, they are still its own.
    rerender({ stepId: "a" });
    expect(result.current.stepError).toBe("Something failed");
  });

  it("a message set on a new step drops the old step's summary; a summary set there drops its message", () => {
    const { result, rerender } = renderHook(({ stepId }) => useStepErrors(stepId), { initialProps: { stepId: "a" } });
    act(() => result.current.setSummary([{ path: "x", message: "Enter x" }]));
    rerender({ stepId: "b" });
    act(() => result.current.setStepError("Hook failed"));
    expect(result.current.summary).toEqual([]);
    expect(result.current.stepError).toBe("Hook failed");
    act(() => result.current.setSummary([{ path: "y", message: "Enter y" }]));
    expect(result.current.stepError).toBe("Hook failed");
    rerender({ stepId: "c" });
    act(() => result.current.setSummary([{ path: "z", message: "Enter z" }]));
    expect(result.current.stepError).toBeNull();
  });

  it("carries a message to another step, shown once that step is on screen", () => {
    const { result, rerender } = renderHook(({ stepId }) => useStepErrors(stepId), { initialProps: { stepId: "review" } });
    act(() => result.current.setSummary([{ path: "x", message: "Enter x" }]));
    act(() => result.current.carryTo("sign", "Please sign again"));
    expect(result.current.stepError).toBeNull();
    expect(result.current.summary).toEqual([]);
    rerender({ stepId: "sign" });
    expect(result.current.stepError).toBe("Please sign again");
    expect(result.current.summary).toEqual([]);
  });
});
