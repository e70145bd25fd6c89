import { describe, expect, it, vi } from "vitest";
import { loadKept, loadOnce, moduleUrlOf } from "./loadOnce";
import { loadStepValidation } from "./funnel/loadStepValidation";

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

  it("retries a module the browser named in its error under a URL it has not seen, since it remembers the failure", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module: https://claims.example/assets/stepValidation-Ab1.js");
    const load = vi.fn().mockRejectedValue(failure);
    const reimport = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce("module");
    const get = loadOnce(load, reimport);
    await expect(get()).rejects.toBe(failure);
    await expect(get()).rejects.toThrow("Failed to fetch");
    expect(await get()).toBe("module");
    expect(load).toHaveBeenCalledTimes(1);
    expect(reimport.mock.calls).toEqual([
      ["https://claims.example/assets/stepValidation-Ab1.js?retry=1"],
      ["https://claims.example/assets/stepValidation-Ab1.js?retry=2"],
    ]);
  });
});

describe("loadKept", () => {
  it("has nothing at hand before the load, keeps nothing from a failed one, and hands the result over without waiting once here", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module")).mockResolvedValueOnce({ code: 1 });
    const kept = loadKept(load);
    expect(kept.loaded()).toBeNull();
    await expect(kept.load()).rejects.toThrow("Failed to fetch");
    expect(kept.loaded()).toBeNull();
    const result = await kept.load();
    expect(result).toEqual({ code: 1 });
    expect(kept.loaded()).toBe(result);
    expect(await kept.load()).toBe(result);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("hands the same promise each time until a load fails, as React's use() needs", async () => {
    const kept = loadKept(vi.fn().mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module")).mockResolvedValueOnce(7));
    const failing = kept.load();
    expect(kept.load()).toBe(failing);
    await expect(failing).rejects.toThrow("Failed to fetch");
    const retried = kept.load();
    expect(retried).not.toBe(failing);
    expect(await retried).toBe(7);
    expect(kept.load()).toBe(retried);
  });
});

describe("moduleUrlOf", () => {
  it("reads the module's URL from Chromium's and Firefox's messages, and nothing from Safari's", () => {
    expect(moduleUrlOf(new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/client-x_1.js"))).toBe(
      "http://127.0.0.1:3000/assets/client-x_1.js",
    );
    expect(moduleUrlOf(new TypeError("error loading dynamically imported module: https://a.example/assets/m.mjs?v=1"))).toBe(
      "https://a.example/assets/m.mjs",
    );
    expect(moduleUrlOf(new TypeError("Importing a module script failed."))).toBeNull();
    expect(moduleUrlOf("not an error")).toBeNull();
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
