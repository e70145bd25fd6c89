// @vitest-environment jsdom
/** The tab title follows the step once it is painted, with "Error: " while the error summary shows. */
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stepTabTitle, useTabTitle } from "./useTabTitle";

describe("stepTabTitle", () => {
  it("names the step and the brand, with Error: first when the step has errors", () => {
    expect(stepTabTitle("Your address", "FairDrive", false)).toBe("Your address – FairDrive");
    expect(stepTabTitle("Your address", "FairDrive", true)).toBe("Error: Your address – FairDrive");
  });
});

describe("useTabTitle", () => {
  it("sets the title after the render, not in it, and follows a new title", async () => {
    document.title = "Before";
    const { rerender } = renderHook(({ title }) => useTabTitle(title), { initialProps: { title: "Step one – Brand" } });
    expect(document.title).toBe("Before");
    await waitFor(() => expect(document.title).toBe("Step one – Brand"));
    rerender({ title: "Error: Step one – Brand" });
    await waitFor(() => expect(document.title).toBe("Error: Step one – Brand"));
  });

  it("a title replaced before it was set never shows", async () => {
    document.title = "Before";
    const { rerender } = renderHook(({ title }) => useTabTitle(title), { initialProps: { title: "First" } });
    rerender({ title: "Second" });
    await waitFor(() => expect(document.title).toBe("Second"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.title).toBe("Second");
  });
});
