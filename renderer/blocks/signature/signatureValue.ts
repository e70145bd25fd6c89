/** What the signature field holds: "" (unsigned), a PNG data URL (drawn) or "typed:<name>" (typed). */
export const TYPED_PREFIX = "typed:";
export const MAX_CSS_WIDTH = 700;
export const MAX_RATIO = 2;
/** Data URLs above this are re-encoded at 1x so the stored signature stays small. */
export const MAX_DATA_URL_CHARS = 60_000;

export type SignatureValue = { kind: "empty" } | { kind: "drawn"; dataUrl: string } | { kind: "typed"; name: string };

export function parseSignature(value: unknown): SignatureValue {
  if (typeof value !== "string" || value.trim() === "") return { kind: "empty" };
  if (value.startsWith(TYPED_PREFIX)) {
    const name = value.slice(TYPED_PREFIX.length);
    return name.trim() ? { kind: "typed", name } : { kind: "empty" };
  }
  if (value.startsWith("data:image/")) return { kind: "drawn", dataUrl: value };
  return { kind: "empty" };
}

/** The stored value for a typed name; a blank name is no signature. */
export function typedValue(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean ? `${TYPED_PREFIX}${clean}` : "";
}

export interface CanvasSize {
  cssWidth: number;
  cssHeight: number;
  ratio: number;
  pixelWidth: number;
  pixelHeight: number;
}

/** The pad fills its container up to 700 css px, at most 2x device pixels, in a 5:2 box of 140-220 px high. */
export function canvasSize(containerWidth: number, devicePixelRatio: number): CanvasSize {
  const cssWidth = Math.max(1, Math.min(Math.floor(containerWidth) || 1, MAX_CSS_WIDTH));
  const cssHeight = Math.min(220, Math.max(140, Math.round(cssWidth * 0.4)));
  const ratio = Math.min(Math.max(devicePixelRatio || 1, 1), MAX_RATIO);
  return { cssWidth, cssHeight, ratio, pixelWidth: Math.round(cssWidth * ratio), pixelHeight: Math.round(cssHeight * ratio) };
}
