/**
 * A calendar date in words in a language, for the mails and documents the server writes ("12 March 1985",
 * "12 Mawrth 1985"): date-fns's locale for the language's code (`cy`, `en-GB` → `enGB`), so a new language needs no
 * code here. The server imports every locale at once; the browser loads only its page's (renderer/funnel/dateLocale.ts).
 */
import { format, type Locale } from "date-fns";
import * as locales from "date-fns/locale";
import { parseIsoDate } from "../../engine/dates";

const byCode = locales as unknown as Record<string, Locale | undefined>;

/** The date-fns locale of a language code, if date-fns has one (English formats without). */
export function dateLocale(language: string | null | undefined): Locale | undefined {
  return language ? byCode[language.replace(/-([A-Z]{2})$/, "$1")] : undefined;
}

/** An ISO calendar date (or the date of an ISO timestamp) in words, e.g. "12 March 1985"; other text as it is. */
export function dateInWords(iso: string, language: string | null | undefined): string {
  const date = parseIsoDate(iso.slice(0, 10));
  if (!date) return iso;
  const locale = dateLocale(language);
  return format(date, "d MMMM yyyy", locale ? { locale } : {});
}
