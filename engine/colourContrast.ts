/**
 * WCAG contrast maths for the brand colour: the text colour on it, and a version of it readable
 * on white. Pure, so the browser's theme, the server's theme stylesheet and the lint share it.
 */
function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on the colour. */
export function textColourOn(background: string): string {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111111") ? "#ffffff" : "#111111";
}

/**
 * The colour for links and text in the brand colour on white: the colour itself when it reaches
 * 4.5:1 (WCAG AA), else the same hue darkened until it does (`funnel lint` warns about such a colour).
 */
export function readableOnWhite(hex: string): string {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let k = 1; k >= 0; k -= 0.05) {
    const candidate = `#${rgb
      .map((c) =>
        Math.round(c * k)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
    if (contrastRatio(candidate, "#ffffff") >= 4.5) return candidate;
  }
  return "#000000";
}
