/**
 * A brand's experiments (`experiments`): ids unique, variant ids unique, weights that add up to 100 (they are
 * relative, but a share an editor reads as a percentage should be one), an end not before the start, each
 * variant's funnel version a linted funnel, its copy overrides real blocks and copy props (the same checks as
 * the brand's own `copy`), and at most one running experiment choosing the funnel version.
 */
import type { FileFinding, LoadedFile } from "./check-sets";
import { formVersionsOf } from "./check-sets";
import { checkOverlay } from "./check-content";
import { asArray, asObject, asString } from "./loose";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

export function checkExperiments(brands: LoadedFile[], funnels: LoadedFile[]): FileFinding[] {
  const found: FileFinding[] = [];
  const versions = formVersionsOf(funnels);
  for (const brand of brands) {
    const add = (finding: Finding) => found.push({ file: brand.file, finding });
    const experiments = asArray(asObject(brand.data).experiments);
    const experimentIds = new Set<string>();
    const choosingVersion: { id: string; start: string; end: string }[] = [];
    experiments.forEach((raw, i) => {
      const experiment = asObject(raw);
      const id = asString(experiment.id);
      if (id !== undefined && experimentIds.has(id)) {
        add({
          path: pointer("experiments", i, "id"),
          code: "experiment-invalid",
          severity: "error",
          message: `Experiment id '${id}' is used twice`,
        });
      }
      if (id !== undefined) experimentIds.add(id);
      const start = asString(experiment.start);
      const end = asString(experiment.end);
      if (start && end && end < start) {
        add({
          path: pointer("experiments", i, "end"),
          code: "experiment-invalid",
          severity: "error",
          message: `Experiment '${id}' ends (${end}) before it starts (${start}), so no visit would be assigned`,
        });
      }
      const variants = asArray(experiment.variants);
      const variantIds = new Set<string>();
      let total = 0;
      variants.forEach((rawVariant, j) => {
        const variant = asObject(rawVariant);
        const variantId = asString(variant.id);
        if (variantId !== undefined && variantIds.has(variantId)) {
          add({
            path: pointer("experiments", i, "variants", j, "id"),
            code: "experiment-invalid",
            severity: "error",
            message: `Experiment '${id}' has two variants '${variantId}'`,
          });
        }
        if (variantId !== undefined) variantIds.add(variantId);
        total += typeof variant.weight === "number" ? variant.weight : 0;
        const version = asString(variant.formVersion);
        if (version !== undefined && funnels.length > 0 && !versions.has(version)) {
          add({
            path: pointer("experiments", i, "variants", j, "formVersion"),
            code: "unknown-form-version",
            severity: "error",
            message: `Variant '${variantId}' of experiment '${id}' starts funnel '${version}', which is not a linted funnel version or routing path`,
            suggestion: didYouMean(version, versions) ?? `known versions are ${[...versions].map((v) => `'${v}'`).join(", ")}`,
          });
        }
        if (funnels.length > 0 && variant.copy !== undefined)
          found.push(...checkOverlay(brand, funnels, ["experiments", i, "variants", j, "copy"]));
      });
      if (variants.length && Math.abs(total - 100) > 1e-9) {
        add({
          path: pointer("experiments", i, "variants"),
          code: "experiment-weights",
          severity: "warning",
          message: `The weights of experiment '${id}' add up to ${total}, not 100; each variant gets weight ÷ ${total} of the visits`,
          suggestion: "give the weights as percentages that add up to 100",
        });
      }
      if (variants.some((v) => asString(asObject(v).formVersion) !== undefined)) {
        const range = { id: id ?? String(i), start: start ?? "", end: end ?? "9999-12-31" };
        const overlapping = choosingVersion.find((other) => other.start <= range.end && range.start <= other.end);
        if (overlapping) {
          add({
            path: pointer("experiments", i),
            code: "experiment-invalid",
            severity: "error",
            message: `Experiments '${overlapping.id}' and '${range.id}' both choose the funnel version on the same days; a visit can start only one`,
            suggestion: "run them one after the other (an end date on the first, a later start on the second)",
          });
        }
        choosingVersion.push(range);
      }
    });
  }
  return found;
}
