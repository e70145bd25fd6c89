/**
 * Splits a privacy disclaimer at its {creditReportLinkStart} … {creditReportLinkEnd}
 * markers, so the middle can be a real link (no HTML from the definition is ever parsed).
 * Without both markers in order, the whole text is plain.
 */
export interface DisclaimerParts {
  before: string;
  link: string | null;
  after: string;
}

const START = "{creditReportLinkStart}";
const END = "{creditReportLinkEnd}";

export function disclaimerParts(text: string, fill: (text: string) => string): DisclaimerParts {
  const start = text.indexOf(START);
  const end = start >= 0 ? text.indexOf(END, start + START.length) : -1;
  const strip = (t: string) => fill(t.split(START).join("").split(END).join(""));
  if (start < 0 || end < 0) return { before: strip(text), link: null, after: "" };
  return {
    before: strip(text.slice(0, start)),
    link: strip(text.slice(start + START.length, end)),
    after: strip(text.slice(end + END.length)),
  };
}

/** The site's own privacy page opens at its soft credit search section; another link is used as given. */
export function disclaimerHref(privacyFormLink: string | undefined): string {
  const link = privacyFormLink ?? "/privacy-policy";
  return link === "/privacy-policy" ? "/privacy-policy#soft-credit-search" : link;
}
