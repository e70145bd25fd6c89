import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./loadOnce";
import { loadStepValidation } from "./loadStepValidation";

describe("loadOnce", () => {
  it("loads once and hands every caller the same result", async () => {
    const load = vi.fn(async () => ({ loaded: true }));
    const get = loadOnce(load);
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module")).mockResolvedValueOnce("module");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("Failed to fetch");
    expect(await get()).toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("loadStepValidation", () => {
  it("loads the step validation module", async () => {
    const validation = await loadStepValidation();
    expect(
      validation.fieldsPassRules(
        { name: { kind: "text", label: "Name", rules: [{ rule: "required", message: "Enter a name" }] } },
        ["name"],
        {},
      ),
    ).toBe(false);
  });
});
