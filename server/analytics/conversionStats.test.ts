import { describe, expect, it } from "vitest";
import { compareConversions } from "./conversionStats";

describe("compareConversions (Beta-Binomial, seeded Monte Carlo)", () => {
  it("gives intervals around each rate and the probability each variant is best", () => {
    const [a, b] = compareConversions([
      { id: "a", visits: 1000, completed: 700 },
      { id: "b", visits: 1000, completed: 800 },
    ]);
    expect(a.rate).toBe(0.7);
    // The posterior's 95% interval for 700/1000 is about 0.671 to 0.728.
    expect(a.interval[0]).toBeCloseTo(0.671, 2);
    expect(a.interval[1]).toBeCloseTo(0.728, 2);
    expect(b.probabilityBest).toBeGreaterThan(0.999);
    expect(a.probabilityBest + b.probabilityBest).toBeCloseTo(1, 10);
  });

  it("splits evenly between equal variants, and is the same on every run", () => {
    const input = [
      { id: "a", visits: 200, completed: 50 },
      { id: "b", visits: 200, completed: 50 },
    ];
    const [a, b] = compareConversions(input);
    expect(a.probabilityBest).toBeGreaterThan(0.47);
    expect(b.probabilityBest).toBeGreaterThan(0.47);
    expect(compareConversions(input)).toEqual([a, b]);
  });

  it("matches the exact probability for a small case", () => {
    // P(p_b > p_a) with a ~ Beta(2, 4) (1 of 4) and b ~ Beta(4, 2) (3 of 4) is 113/126 = 0.8968 (by integration).
    const [, b] = compareConversions([
      { id: "a", visits: 4, completed: 1 },
      { id: "b", visits: 4, completed: 3 },
    ]);
    expect(Math.abs(b.probabilityBest - 113 / 126)).toBeLessThan(0.004);
  });
});
