/**
 * The language the server writes to a consumer in: mails, the letter of authority, the summary document and the
 * consent texts it records. What a visit triggers (a save-and-return link, an account-setup code, a submission)
 * follows the visit's language (the `lang` cookie server/language/visitLanguage.ts keeps); what comes later (a claim's new
 * stage, a portal code) the language stored with the claim request or account when it was made. Either is used only
 * where the brand offers it and the shared content, which words the mails and the letter, is translated; else
 * English.
 */
import type { Request } from "express";
import type { Brand, FunnelDefinition, SiteContent } from "../../schema/types";
import type { SiteText } from "../../schema/content.schema";
import { brandForRequest } from "../brands";
import type { ContentSet } from "../content/brandContent";
import type { AppContext } from "../context";
import { ENGLISH, funnelInLanguage, visitLanguage } from "./visitLanguage";
import type { MailWording } from "../mail/composeMail";

type LanguageDeps = Pick<AppContext, "content" | "languages">;

/** The first of `preferences` the brand offers with its mails translated, else English. */
export function consumerLanguage(ctx: LanguageDeps, brand: Brand | undefined, ...preferences: (string | null | undefined)[]): string {
  for (const language of preferences) {
    if (!language) continue;
    if (language === ENGLISH) return ENGLISH;
    if (brand?.languages?.[language] && ctx.languages?.get(language)?.site) return language;
  }
  return ENGLISH;
}

/** The shared content and the brand (its copy overrides) in a language, for the words a mail takes from them. */
export function contentIn(ctx: LanguageDeps, language: string, brand: Brand): { site: SiteContent; brand: Brand } {
  const translated = language === ENGLISH ? undefined : ctx.languages?.get(language);
  return {
    site: translated?.content.site ?? ctx.content.site,
    brand: translated?.brands.find((b) => b.brandId === brand.brandId) ?? brand,
  };
}

/**
 * A funnel with the brand and content it is shown with, in a language where the funnel is translated (else all in
 * English, so a document never mixes the two), for what the server composes from a funnel (the summary document).
 */
export function funnelIn(
  ctx: LanguageDeps & Pick<AppContext, "funnels">,
  language: string,
  version: string,
  brand: Brand,
): { funnel: FunnelDefinition; brand: Brand; content: ContentSet } | undefined {
  const english = ctx.funnels.find((f) => f.version === version);
  if (!english) return undefined;
  const funnel = funnelInLanguage(english, language, brand, ctx.languages);
  const translated = funnel === english ? undefined : ctx.languages?.get(language);
  return translated
    ? { funnel, brand: contentIn(ctx, language, brand).brand, content: translated.content }
    : { funnel: english, brand, content: ctx.content };
}

/**
 * The shared content and the brand in the language of this request's visit (the language its page is shown in), for
 * the words an API answer carries to that page: the portal's stage names, link names and the server's refusals.
 */
export function visitContent(
  ctx: LanguageDeps & Pick<AppContext, "cookies">,
  req: Request,
  brand: Brand,
): { site: SiteContent; brand: Brand } {
  return contentIn(ctx, consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies)), brand);
}

/** The site's words (the content's `text`) in the language of this request's visit, for the server's answers to it. */
export function visitWords(ctx: LanguageDeps & Pick<AppContext, "cookies" | "brands" | "production">, req: Request): SiteText {
  return visitContent(ctx, req, brandForRequest(ctx.brands, req, ctx.production)).site.text;
}

/** A funnel as this request's visit shows it (in its language where translated), for the messages a refusal carries. */
export function visitFunnel(
  ctx: LanguageDeps & Pick<AppContext, "cookies">,
  req: Request,
  funnel: FunnelDefinition | undefined,
  brand: Brand,
): FunnelDefinition | undefined {
  return funnel && funnelInLanguage(funnel, visitLanguage(req, ctx.cookies), brand, ctx.languages);
}

/** Every mail's wording in a language (consumerLanguage's answer). */
export function mailWording(ctx: LanguageDeps, language: string): MailWording {
  return (language === ENGLISH ? undefined : ctx.languages?.get(language)?.content.site.mails) ?? ctx.content.site.mails;
}

/** The mails' wording for a signed-in consumer: the visit's language, else the one their account began in. */
export function userMailWording(
  ctx: LanguageDeps & Pick<AppContext, "cookies">,
  req: Request,
  brand: Brand,
  user: { language?: string | null },
) {
  return mailWording(ctx, consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies), user.language));
}
