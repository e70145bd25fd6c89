// @vitest-environment jsdom
/** The nav bar's props, and its stability: handlers keep their identity and act on the newest render; once drawn it stays. */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import type { ConditionContext } from "../../engine/conditions";
import type { FunnelRuntime } from "../runtime/runtime";
import { useStepNav, type StepNavOptions } from "./useStepNav";

const steps = [
  { id: "one", title: "One", blocks: [], continueWhen: { filled: "name" } },
  { id: "two", title: "Two", blocks: [], nextButton: { label: "Send", busyLabel: "Sending…" } },
  { id: "done", title: "Done", blocks: [], footer: "hidden" },
] as unknown as StepDefinition[];
const funnel = {
  version: "nav",
  fields: { name: { kind: "text", label: "Name" } },
  navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  steps,
} as unknown as FunnelDefinition;

const conditions = (data: Record<string, unknown> = {}): ConditionContext => ({
  data,
  query: new URLSearchParams(),
  brand: {},
  fields: funnel.fields,
});

function options(stepIndex: number, extra: Partial<StepNavOptions> = {}): StepNavOptions {
  const runtime = { step: steps[stepIndex], busy: false, goNext: vi.fn(async () => undefined) } as unknown as FunnelRuntime;
  return { funnel, runtime, conditions: conditions(), isLast: false, go: vi.fn(async () => undefined), count: vi.fn(), ...extra };
}

describe("useStepNav", () => {
  it("gives the step's labels, Back where there is one, and Continue gating", () => {
    const first = renderHook(() => useStepNav(options(0))).result.current;
    expect(first.props).toMatchObject({ backLabel: "Back", nextLabel: "Next", nextDisabled: true, hidden: false, onBack: undefined });
    const second = renderHook(() => useStepNav(options(1, { conditions: conditions({ name: "Ann" }) }))).result.current;
    expect(second.props.nextLabel).toBe("Send");
    expect(typeof second.props.onBack).toBe("function");
    const busy = { ...options(1), runtime: { step: steps[1], busy: true } as unknown as FunnelRuntime };
    expect(renderHook(() => useStepNav(busy)).result.current.props).toMatchObject({ nextLabel: "Sending…", busy: true });
    expect(renderHook(() => useStepNav(options(0, { isLast: true }))).result.current.props.nextLabel).toBe("Submit");
  });

  it("keeps Back and Next the same functions across renders, acting on the newest render's runtime", () => {
    const { result, rerender } = renderHook((props: StepNavOptions) => useStepNav(props), { initialProps: options(1) });
    const { onNext, onBack } = result.current.props;
    const newer = options(1);
    rerender(newer);
    expect(result.current.props.onNext).toBe(onNext);
    expect(result.current.props.onBack).toBe(onBack);
    act(() => onNext());
    expect(newer.runtime.goNext).toHaveBeenCalledTimes(1);
    act(() => onBack!());
    expect(newer.count).toHaveBeenCalledWith("step_left", "two", { o: "back" });
    expect(newer.go).toHaveBeenCalledWith({ step: "one" });
  });

  it("once drawn, stays drawn on a step without it, hidden", () => {
    const { result, rerender } = renderHook((props: StepNavOptions) => useStepNav(props), { initialProps: options(1) });
    expect(result.current.drawn).toBe(true);
    rerender(options(2));
    expect(result.current).toMatchObject({ shown: false, drawn: true });
    expect(result.current.props.hidden).toBe(true);
  });

  it("is not drawn on a first step without it", () => {
    const { result } = renderHook(() => useStepNav(options(2)));
    expect(result.current).toMatchObject({ shown: false, drawn: false });
  });
});
