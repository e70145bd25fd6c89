import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it("doubles from the base delay and caps at the maximum", () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 100, 1000, top))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(retryDelayMs(500, 100, 1000, top)).toBe(1000);
  });

  it("jitters within the upper half of each step", () => {
    expect(retryDelayMs(3, 100, 10_000, () => 0)).toBe(200);
    expect(retryDelayMs(3, 100, 10_000, () => 0.5)).toBe(300);
    const seen = new Set(Array.from({ length: 50 }, () => retryDelayMs(4, 100, 10_000)));
    expect(seen.size).toBeGreaterThan(10);
    for (const d of seen) expect(d >= 400 && d <= 800).toBe(true);
  });
});
