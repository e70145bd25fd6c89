// @vitest-environment jsdom
/** The progress copy is written once the browser is idle after a change, and a clear (completion, sign-out) wins over a pending write. */
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { clearAllProgress } from "../runtime/progressStore";
import { useFunnelForm } from "./useFunnelForm";
import { loadFormKit } from "../runtime/formKit";

const funnel = {
  version: "fixture",
  fields: {
    hadFinance: { kind: "radio", label: "Had finance?", options: [{ value: "yes", label: "Yes" }] },
  },
  steps: [],
} as unknown as FunnelDefinition;

const KEY = "claim-progress:b:fixture";
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

beforeEach(() => {
  localStorage.clear();
  clearAllProgress();
});
afterEach(() => localStorage.clear());

describe("useFunnelForm progress saving", () => {
  it("saves a change when the browser is idle, not in the change itself", async () => {
    const { result } = renderHook(() => useFunnelForm(funnel, "b", () => []));
    act(() => result.current.form.setValue("hadFinance", "yes"));
    expect(localStorage.getItem(KEY)).toBeNull();
    await settle();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ hadFinance: "yes" });
  });

  it("drops a pending save when the progress is cleared before it runs, also when the form goes away", async () => {
    const { result, unmount } = renderHook(() => useFunnelForm(funnel, "b", () => []));
    act(() => result.current.form.setValue("hadFinance", "yes"));
    clearAllProgress();
    unmount();
    await settle();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("writes a pending change at once when the page is left", async () => {
    const { result } = renderHook(() => useFunnelForm(funnel, "b", () => []));
    act(() => result.current.form.setValue("hadFinance", "yes"));
    window.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ hadFinance: "yes" });
  });

  it("keeps saving once the form has moved to react-hook-form, with the answers given before", async () => {
    const { result } = renderHook(() => useFunnelForm(funnel, "b", () => []));
    act(() => result.current.form.setValue("hadFinance", "no"));
    result.current.upgrade(await loadFormKit());
    expect(result.current.upgraded()).not.toBeNull();
    expect(result.current.form.getValues("hadFinance")).toBe("no");
    act(() => result.current.form.setValue("hadFinance", "yes"));
    await settle();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ hadFinance: "yes" });
  });
});
