/**
 * Applies the brand's primary colour through CSS custom properties (CSSOM, so
 * it works under a strict CSP) and picks the text colour on it that keeps
 * WCAG AA contrast.
 */
import { readableOnWhite, textColourOn } from "../engine/colourContrast";

export function applyTheme(primary: string, root: HTMLElement = document.documentElement): void {
  root.style.setProperty("--color-primary", primary);
  root.style.setProperty("--color-primary-contrast", textColourOn(primary));
  root.style.setProperty("--color-primary-text", readableOnWhite(primary));
}
