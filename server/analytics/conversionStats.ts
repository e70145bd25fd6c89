/**
 * Conversion per variant, Bayesian: each variant's rate has a Beta(1 + completed, 1 + not completed) posterior
 * (a uniform prior over a Binomial count). The 95% interval is the posterior's 2.5th to 97.5th percentile, and
 * the probability each variant is best is the share of joint draws in which it has the highest rate; both by
 * Monte Carlo, with a fixed seed so the same data gives the same report.
 */

import { seededRandom } from "../../engine/seededRandom";

export const METHOD =
  "Beta-Binomial: uniform Beta(1,1) prior, posterior Beta(1+completed, 1+visits-completed) per variant; 95% equal-tailed credible interval and probability best from 100,000 seeded Monte Carlo draws";
export const DRAWS = 100_000;
/** Below this many visits in a variant, the report warns that its numbers are not yet reliable. */
export const MIN_VISITS_PER_VARIANT = 100;

function normal(random: () => number): number {
  // Box-Muller; 1 - u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape ≥ 1, which Beta(1+x, 1+y) always has). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function betaDraw(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

export interface ConversionInput {
  id: string;
  visits: number;
  completed: number;
}

export interface ConversionResult extends ConversionInput {
  rate: number;
  interval: [number, number];
  probabilityBest: number;
}

export function compareConversions(variants: readonly ConversionInput[], draws = DRAWS, seed = 20260205): ConversionResult[] {
  const random = seededRandom(seed);
  const samples = variants.map(() => new Float64Array(draws));
  const wins = variants.map(() => 0);
  for (let i = 0; i < draws; i++) {
    let best = -1;
    let bestValue = -1;
    variants.forEach((v, j) => {
      const p = betaDraw(1 + v.completed, 1 + v.visits - v.completed, random);
      samples[j][i] = p;
      if (p > bestValue) [best, bestValue] = [j, p];
    });
    wins[best] += 1;
  }
  return variants.map((v, j) => {
    const sorted = samples[j].sort();
    return {
      ...v,
      rate: v.visits ? v.completed / v.visits : 0,
      interval: [sorted[Math.floor(draws * 0.025)], sorted[Math.ceil(draws * 0.975) - 1]],
      probabilityBest: wins[j] / draws,
    };
  });
}
