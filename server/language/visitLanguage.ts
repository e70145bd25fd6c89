/**
 * The language of a page: `?lang=<code>` picks it and the `lang` cookie remembers it for the visit (a session cookie
 * holding only the code); else English. A language is used only where the brand offers it and the page has a
 * translation (server/definitions.ts resolves each language's definitions at start-up), so the page carries one
 * language only.
 */
import type { Request, Response } from "express";
import type { Brand, FunnelDefinition } from "../../schema/types";
import type { TranslatedDefinitions } from "../definitions";
import { readCookie, setCookie, type CookieSettings } from "../http/cookies";

export const LANGUAGE_COOKIE = "lang";
export const ENGLISH = "en";
const CODE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The language asked for by this request: `?lang=` (remembered in the cookie), else the cookie's, else English. */
export function requestedLanguage(req: Request, res: Response, cookies: CookieSettings): string {
  const asked = typeof req.query.lang === "string" && CODE.test(req.query.lang) ? req.query.lang : undefined;
  if (asked) {
    if (readCookie(req, LANGUAGE_COOKIE, cookies) !== asked) setCookie(res, LANGUAGE_COOKIE, asked, cookies);
    return asked;
  }
  return visitLanguage(req, cookies) ?? ENGLISH;
}

/** The language this request's visit chose, if any: API calls carry the cookie, not `?lang=`. */
export function visitLanguage(req: Request, cookies: CookieSettings): string | undefined {
  const remembered = readCookie(req, LANGUAGE_COOKIE, cookies);
  return remembered && CODE.test(remembered) ? remembered : undefined;
}

/**
 * The funnel as the visit's page shows it: in the visit's language where that page is translated, else English. The
 * server checks a submission with it, so a refusal carries the messages the visitor read.
 */
export function funnelInLanguage(
  funnel: FunnelDefinition,
  language: string | undefined,
  brand: Brand,
  languages: ReadonlyMap<string, TranslatedDefinitions> | undefined,
): FunnelDefinition {
  if (!language || !languages || !pageTranslated(language, brand, { version: funnel.version }, languages)) return funnel;
  return languages.get(language)?.funnels.find((f) => f.version === funnel.version) ?? funnel;
}

/** What a page is, for telling whether a language has a translation of it: a funnel version, or a site page. */
export type PageKind = { version: string } | { sitePath: string };

/** Site pages whose every word comes from the shared content (content/site.json), so translating it translates them. */
const CONTENT_PAGES = new Set(["/", "/privacy-policy"]);

/** Whether the page exists in a language: English always; another when the brand offers it and it is translated. */
export function pageTranslated(language: string, brand: Brand, page: PageKind, languages: ReadonlyMap<string, TranslatedDefinitions>) {
  if (language === ENGLISH) return true;
  const translated = languages.get(language);
  if (!translated || !brand.languages?.[language]) return false;
  return "version" in page ? translated.versions.has(page.version) : translated.site && CONTENT_PAGES.has(page.sitePath);
}

export interface LanguageLink {
  lang: string;
  /** The link's text, in its own language (the brand's `languages`). */
  label: string;
  href: string;
}

/** Links to the page in each other language the brand offers and the page has, keeping the rest of its query. */
export function languageLinks(input: {
  language: string;
  brand: Brand;
  page: PageKind;
  path: string;
  search: string;
  languages: ReadonlyMap<string, TranslatedDefinitions>;
}): LanguageLink[] {
  const offered = Object.entries(input.brand.languages ?? {});
  return offered
    .filter(([code]) => code !== input.language && pageTranslated(code, input.brand, input.page, input.languages))
    .map(([code, label]) => {
      const params = new URLSearchParams(input.search);
      params.set("lang", code);
      return { lang: code, label, href: `${input.path}?${params.toString()}` };
    });
}
