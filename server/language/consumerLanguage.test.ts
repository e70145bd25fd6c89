/**
 * Which language the server writes to a consumer in: the first preference the brand offers and the shared content
 * translates; an explicit English choice wins over a stored language; anything else is English.
 */
import { describe, expect, it } from "vitest";
import type { Brand } from "../../schema/types";
import type { AppContext } from "../context";
import type { TranslatedDefinitions } from "../definitions";
import { consumerLanguage, mailWording } from "./consumerLanguage";

const englishMails = { saveReturn: { subject: "Finish" } };
const welshMails = { saveReturn: { subject: "Gorffen" } };
const translated = (site: boolean) => ({ site, content: { site: { mails: welshMails } } }) as unknown as TranslatedDefinitions;
const ctx = (site = true) =>
  ({
    content: { site: { mails: englishMails } },
    languages: new Map([["cy", translated(site)]]),
  }) as unknown as Pick<AppContext, "content" | "languages">;
const offering = { languages: { en: "English", cy: "Cymraeg" } } as unknown as Brand;
const notOffering = {} as Brand;

describe("consumerLanguage", () => {
  it("takes the first preference the brand offers and the shared content translates", () => {
    expect(consumerLanguage(ctx(), offering, undefined, "cy")).toBe("cy");
    expect(consumerLanguage(ctx(), offering, "cy", null)).toBe("cy");
    expect(consumerLanguage(ctx(), offering, "fr", "cy")).toBe("cy");
  });

  it("keeps an explicit English choice over a stored language", () => {
    expect(consumerLanguage(ctx(), offering, "en", "cy")).toBe("en");
  });

  it("is English where the brand does not offer the language, or its shared content is not translated", () => {
    expect(consumerLanguage(ctx(), notOffering, "cy")).toBe("en");
    expect(consumerLanguage(ctx(false), offering, "cy")).toBe("en");
    expect(consumerLanguage(ctx(), undefined, "cy")).toBe("en");
    expect(consumerLanguage(ctx(), offering)).toBe("en");
  });

  it("words the mails in the language's shared content, English otherwise", () => {
    expect(mailWording(ctx(), "cy")).toBe(welshMails);
    expect(mailWording(ctx(), "en")).toBe(englishMails);
    expect(mailWording(ctx(), "fr")).toBe(englishMails);
  });
});
