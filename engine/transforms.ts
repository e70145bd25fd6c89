import type { FieldTransform } from "../schema/types";

const transformers: Record<FieldTransform, (value: string) => string> = {
  trim: (v) => v.trim(),
  uppercase: (v) => v.toUpperCase(),
  lowercase: (v) => v.toLowerCase(),
  digitsOnly: (v) => v.replace(/\D+/g, ""),
  // A UK number typed without its leading 0 (e.g. 7700 900123) gets it back; +44 / 0044 become 0.
  leadingZero: (v) => {
    if (v === "") return v;
    const national = v.replace(/^(?:0044|44)0?(?=7)/, "");
    return national.startsWith("0") ? national : `0${national}`;
  },
  removeCommas: (v) => v.replace(/,/g, ""),
  collapseSpaces: (v) => v.replace(/\s+/g, " ").replace(/^\s+/, ""),
  maxElevenDigits: (v) => v.slice(0, 11),
};

// Trimming while someone types would swallow the space they just typed ("SW1A 1AA"), so it waits for blur.
const NOT_WHILE_TYPING: ReadonlySet<FieldTransform> = new Set(["trim"]);

/**
 * Applies a field's transforms in order; non-strings pass through untouched.
 * `typing` leaves out the transforms that only make sense on a finished value.
 */
export function applyTransforms(
  value: unknown,
  transforms: readonly FieldTransform[] | undefined,
  options: { typing?: boolean } = {},
): unknown {
  if (typeof value !== "string" || !transforms?.length) return value;
  const active = options.typing ? transforms.filter((t) => !NOT_WHILE_TYPING.has(t)) : transforms;
  return active.reduce((acc, name) => transformers[name](acc), value);
}

export const TRANSFORM_NAMES = Object.keys(transformers) as FieldTransform[];
