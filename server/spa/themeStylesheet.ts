/**
 * The brand colour as a stylesheet, in every page (written into it with the others, inlineStylesheets.ts, and
 * served at its path for a page that links it): a page is painted in the brand's colour before any script runs,
 * and the browser's code carries no colour arithmetic.
 */
import { readableOnWhite, textColourOn } from "../../engine/colourContrast";

const HEX = /^[0-9a-f]{6}$/i;

/** The stylesheet's path for a colour "#rrggbb", or null for anything else. */
export function themeStylesheetPath(colour: string): string | null {
  const hex = colour.replace(/^#/, "");
  return HEX.test(hex) ? `/brand-theme/${hex.toLowerCase()}.css` : null;
}

/** The stylesheet for a path's colour ("0b5fff"), or null when it names none. */
export function themeStylesheet(hex: string): string | null {
  if (!HEX.test(hex)) return null;
  const colour = `#${hex.toLowerCase()}`;
  return `:root{--color-primary:${colour};--color-primary-contrast:${textColourOn(colour)};--color-primary-text:${readableOnWhite(colour)}}\n`;
}
