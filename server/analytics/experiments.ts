/**
 * A/B experiments declared in a brand's JSON (`experiments`). A visit is put in a variant by a hash of its
 * visit id and the experiment id, the way GrowthBook and Optimizely bucket: the same visit always lands in the
 * same variant, with no assignment stored anywhere. A variant is an overlay of the brand (another funnel
 * version to start, copy overrides), applied before the page is drawn, so the first paint is the variant.
 */
import { createHash } from "node:crypto";
import type { Brand } from "../../schema/types";

export type Experiment = NonNullable<Brand["experiments"]>[number];
export type Variant = Experiment["variants"][number];
/** Experiment id → variant id. */
export type Assignment = Record<string, string>;

/** A number in [0, 1) from the visit and experiment: uniform, independent between experiments. */
export function bucketOf(visitId: string, experimentId: string): number {
  const digest = createHash("sha256").update(`${experimentId}\n${visitId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The variant a bucket falls in, by cumulative weight. */
export function variantAt(experiment: Experiment, bucket: number): Variant {
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  let edge = 0;
  for (const variant of experiment.variants) {
    edge += variant.weight / total;
    if (bucket < edge) return variant;
  }
  return experiment.variants[experiment.variants.length - 1];
}

/** Whether visits are being assigned on `now`'s UTC day. */
export function isRunning(experiment: Experiment, now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  return experiment.start <= day && (!experiment.end || day <= experiment.end);
}

/** The variants of the brand's running experiments for this visit; none without a visit (opted out). */
export function assignVariants(brand: Brand, visitId: string | undefined, now: Date): Assignment {
  if (!visitId || !brand.experiments?.length) return {};
  const assigned: Assignment = {};
  for (const experiment of brand.experiments) {
    if (isRunning(experiment, now)) assigned[experiment.id] = variantAt(experiment, bucketOf(visitId, experiment.id)).id;
  }
  return assigned;
}

/** A stable text for an assignment (the page cache keys on it: a variant's page differs). */
export function assignmentKey(assigned: Assignment): string {
  return Object.keys(assigned)
    .sort()
    .map((id) => `${id}=${assigned[id]}`)
    .join("&");
}

/** The brand as this visit's variants show it: another funnel version to start, copy overrides over the brand's. */
export function brandWithVariants(brand: Brand, assigned: Assignment): Brand {
  let result = brand;
  for (const experiment of brand.experiments ?? []) {
    const variant = experiment.variants.find((v) => v.id === assigned[experiment.id]);
    if (!variant || (!variant.formVersion && !variant.copy)) continue;
    const copy = { ...result.copy };
    for (const [blockId, props] of Object.entries(variant.copy ?? {})) copy[blockId] = { ...copy[blockId], ...props };
    result = { ...result, formVersion: variant.formVersion ?? result.formVersion, copy };
  }
  return result;
}
