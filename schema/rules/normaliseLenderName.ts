/**
 * How lender names compare: bureaus print "BLACK HORSE LTD", editors write
 * "Black Horse". Upper-case, '&' as AND, punctuation dropped, spaces collapsed
 * and trailing legal suffixes (LTD, LIMITED, PLC) removed.
 */
const LEGAL_SUFFIX = /(?:\s+(?:LTD|LIMITED|PLC|CO|COMPANY|LLP))+$/;

export function normaliseLenderName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/&/g, " AND ")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .replace(LEGAL_SUFFIX, "")
    .trim();
}
