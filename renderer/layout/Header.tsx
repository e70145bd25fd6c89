import type { BrandTheme } from "../boot";
import { useRef, type ReactNode } from "react";
import { useFixedBar } from "./fixedBars";
import { LanguageLinks } from "./LanguageLinks";

/** The fixed header: the brand's logo and name, and optionally the funnel's progress. */
export function Header({ brand, children, top, bottom }: { brand: BrandTheme; children?: ReactNode; top?: ReactNode; bottom?: ReactNode }) {
  const header = useRef<HTMLElement>(null);
  useFixedBar(header, "top");
  return (
    <header className="site-header" ref={header}>
      {top}
      <div className="site-header__inner">
        <a className="site-header__brand" href="/">
          {/* A small mark beside the brand's name, never what the page is about: it waits until the page's words are
              laid out. Fetched early, an SVG logo arriving mid-parse is built into a document of its own on the main
              thread before the browser parses on, which holds the first paint back. */}
          <img className="site-header__logo" src={brand.logoUrl} alt="" width={36} height={36} loading="lazy" decoding="async" />
          <span className="site-header__name">{brand.brandName}</span>
        </a>
        <LanguageLinks />
        {children}
      </div>
      {bottom}
    </header>
  );
}
