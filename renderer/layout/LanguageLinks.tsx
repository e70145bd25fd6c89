import type { MouseEvent } from "react";
import { readBoot } from "../boot";

/**
 * The server's link names the page it drew; the funnel moves between steps in the browser, so a press takes the
 * visitor to the page they are on now, in that language.
 */
function toCurrentPage(event: MouseEvent<HTMLAnchorElement>, lang: string) {
  const params = new URLSearchParams(window.location.search);
  params.set("lang", lang);
  event.currentTarget.href = `${window.location.pathname}?${params.toString()}`;
}

/**
 * Links to this page in the other languages the brand offers and the page is translated into (the server lists them
 * in the boot data; none when there is no other). Each link names its language in that language, and says so to a
 * screen reader through `lang` and `hreflang`. A full page load: the server renders the page in the new language.
 */
export function LanguageLinks() {
  const links = readBoot().languageLinks ?? [];
  if (links.length === 0) return null;
  return (
    <ul className="language-links">
      {links.map((link) => (
        <li key={link.lang}>
          <a href={link.href} lang={link.lang} hrefLang={link.lang} onClick={(event) => toCurrentPage(event, link.lang)}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
