import { describe, expect, it } from "vitest";
import { seededRandom } from "./seededRandom";

describe("seededRandom", () => {
  it("gives the same draws for the same seed, and other draws for another seed", () => {
    const draws = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
  });

  it("draws in [0, 1), spread across the range", () => {
    const random = seededRandom(20260205);
    const values = Array.from({ length: 10_000 }, random);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(values.filter((v) => v < 0.1).length).toBeGreaterThan(800);
  });
});
