/**
 * The date-fns locale of the page's language (boot.lang), for the dates a page shows (found agreements, the portal).
 * Each locale is its own chunk, loaded before the page is drawn only when the page is in that language: an English
 * page loads none (date-fns formats in English by default).
 */
import type { Locale } from "date-fns";

const LOCALES: Record<string, () => Promise<Locale>> = {
  cy: () => import("date-fns/locale/cy").then((m) => m.cy),
};

let current: Locale | undefined;

/** Loads the locale of `lang` (none for English or a language without one); a failed load leaves dates in English. */
export async function loadDateLocale(lang: string | undefined): Promise<void> {
  const load = lang ? LOCALES[lang] : undefined;
  current = load ? await load().catch(() => undefined) : undefined;
}

/** date-fns options for the page's language: `format(date, "d MMM yyyy", dateOptions())`. */
export function dateOptions(): { locale?: Locale } {
  return current ? { locale: current } : {};
}
