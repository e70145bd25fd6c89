/**
 * A page in the visitor's language: ?lang= picks it, a session cookie holding only the code remembers it, the server
 * inlines the definitions in that language (so the page carries one language), <html lang> follows, and the brand's
 * links offer each other language only where the page is translated. The fixture definitions get a complete
 * pseudo-Welsh (server/testing/pseudoWelsh.ts), so the lint accepts it and the test can tell the languages apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/harness";
import {
  PSEUDO_WELSH_MARK as MARK,
  UNTRANSLATED_FUNNEL,
  pseudoWelshDefinitions,
  type PseudoWelshDefinitions,
} from "../testing/pseudoWelsh";
import { MINIMAL_TEMPLATE, standInRenderer, type StandInRenderer } from "../testing/standInRenderer";

let server: TestServer;
let renderer: StandInRenderer;
let definitions: PseudoWelshDefinitions;

beforeAll(async () => {
  definitions = pseudoWelshDefinitions();
  renderer = standInRenderer({ "index.html": MINIMAL_TEMPLATE });
  server = await startTestServer({ rendererDir: renderer.dir, definitionsDir: definitions.dir });
});
afterAll(async () => {
  await server?.stop();
  renderer?.remove();
  definitions.remove();
});

async function page(pathname: string, init: { cookie?: string; host?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  const res = await fetch(server.url + pathname, { redirect: "manual", headers });
  const html = await res.text();
  const boot = JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1]);
  return { res, html, boot, lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] };
}

/** The language cookie this answer sets, if any (other cookies, such as the visit's, are not its business). */
const languageCookie = (res: Response) => res.headers.getSetCookie().find((cookie) => cookie.startsWith("lang="));

describe("a page in Welsh", () => {
  it('?lang=cy renders the funnel in Welsh, with <html lang="cy">, and remembers the choice in a session cookie', async () => {
    const { res, boot, lang, html } = await page("/claim/t1/get-started?lang=cy");
    expect(res.status).toBe(200);
    expect(lang).toBe("cy");
    expect(boot.lang).toBe("cy");
    expect(boot.funnel.title).toBe(`${MARK}Test funnel`);
    expect(boot.funnel.steps[0].title).toBe(`${MARK}Start`);
    expect(html).toContain(`<title>${MARK}Start`);
    // The brand's copy is Welsh too; its names and settings are not translated.
    expect(boot.brand.footerText).toMatch(new RegExp(`^${MARK}`));
    expect(boot.brand.brandName).toBe("FairDrive Claims");
    // A session cookie (no Max-Age or Expires) holding only the language.
    expect(languageCookie(res)).toMatch(/^lang=cy; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(boot.languageLinks).toEqual([{ lang: "en", label: "English", href: "/claim/t1/get-started?lang=en" }]);
  });

  it("the cookie keeps the visit in Welsh without ?lang", async () => {
    const { boot, lang, res } = await page("/claim/t1/address", { cookie: "lang=cy" });
    expect(lang).toBe("cy");
    expect(boot.funnel.title).toBe(`${MARK}Test funnel`);
    expect(languageCookie(res)).toBeUndefined();
  });

  it("the sign-in and portal pages are Welsh from the shared content's translation: their words, the frame's and the tab title", async () => {
    for (const [pathname, group] of [
      ["/login", "login"],
      ["/portal", "portal"],
      ["/forgot-password", "forgotPassword"],
      ["/reset-password", "resetPassword"],
    ] as const) {
      const { boot, lang, html } = await page(pathname, { cookie: "lang=cy" });
      expect(lang, pathname).toBe("cy");
      for (const words of [boot.text[group], boot.text.common, boot.text.notFound])
        expect(
          Object.values(words).every((text) => String(text).startsWith(MARK)),
          pathname,
        ).toBe(true);
      expect(/<title>(.*?)<\/title>/.exec(html)?.[1], pathname).toBe(`${boot.text[group].title} – ${boot.brand.brandName}`);
      expect(boot.languageLinks, pathname).toEqual([{ lang: "en", label: "English", href: `${pathname}?lang=en` }]);
    }
  });

  it("a funnel's blocks carry the shared block copy defaults in Welsh", async () => {
    const { boot } = await page("/claim/t1/get-started", { cookie: "lang=cy" });
    const blocks = boot.funnel.steps.flatMap((step: { blocks: { type: string; props: Record<string, string> }[] }) => step.blocks);
    const signature = blocks.find((block: { type: string }) => block.type === "signature");
    expect(signature.props.clearedAnnouncement).toMatch(new RegExp(`^${MARK}`));
    const english = await page("/claim/t1/get-started");
    const englishSignature = english.boot.funnel.steps
      .flatMap((step: { blocks: { type: string; props: Record<string, string> }[] }) => step.blocks)
      .find((block: { type: string }) => block.type === "signature");
    expect(englishSignature.props.clearedAnnouncement).toBe(signature.props.clearedAnnouncement.slice(MARK.length));
  });

  it("the home page is Welsh from the shared content's translation", async () => {
    const { boot, lang } = await page("/", { cookie: "lang=cy" });
    expect(lang).toBe("cy");
    expect(Object.values(boot.site.marketing).every((text) => String(text).startsWith(MARK))).toBe(true);
  });
});

describe("where Welsh is not offered", () => {
  it("English visitors get no Welsh in the page, only the link to it", async () => {
    const { html, boot, lang } = await page("/claim/t1/get-started");
    expect(lang).toBe("en-GB");
    expect(boot.lang).toBe("en");
    expect(html).not.toContain(MARK);
    expect(boot.languageLinks).toEqual([{ lang: "cy", label: "Cymraeg", href: "/claim/t1/get-started?lang=cy" }]);
    // Nor in the home page, though its shared content (mails included) has a translation.
    const home = await page("/");
    expect(home.boot.lang).toBe("en");
    expect(home.html).not.toContain(MARK);
  });

  it("a funnel with no Welsh translation stays English for a Welsh visitor, with no language link", async () => {
    const { html, boot, lang } = await page(`/claim/${UNTRANSLATED_FUNNEL}/address`, { cookie: "lang=cy" });
    expect(lang).toBe("en-GB");
    expect(boot.lang).toBe("en");
    expect(boot.languageLinks).toBeUndefined();
    expect(html).not.toContain(MARK);
  });

  it("a brand that does not offer Welsh stays English", async () => {
    const { html, boot } = await page("/claim/t1/get-started?lang=cy&brand=northgate-kba");
    expect(boot.brand.brandId).toBe("northgate-kba");
    expect(boot.lang).toBe("en");
    expect(boot.languageLinks).toBeUndefined();
    expect(html).not.toContain(MARK);
  });

  it("a language code that is not one is ignored", async () => {
    const { res, boot } = await page("/claim/t1/get-started?lang=%3Cscript%3E");
    expect(boot.lang).toBe("en");
    expect(languageCookie(res)).toBeUndefined();
  });
});
