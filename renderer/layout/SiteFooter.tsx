import { memo } from "react";
import type { BrandTheme } from "../boot";
import { siteText } from "../siteText";

/**
 * The page footer with the brand's legal text: plain text, or (footerIsHtml) HTML the server has already sanitised.
 * Memoised: its props are the brand and the funnel's note, which a step change or a typed value leaves as they are.
 */
export const SiteFooter = memo(function SiteFooter({ brand, note }: { brand: BrandTheme; note?: string }) {
  const t = siteText("common");
  return (
    <footer className="site-footer">
      {note && <p className="site-footer__note">{note}</p>}
      {brand.footerText &&
        (brand.footerIsHtml ? (
          // Only ever the server's sanitised string: server/definitions.ts runs every HTML footer through the
          // allow-list in schema/rules/sanitizeFooter.ts when definitions load, before any page inlines it.
          <div className="site-footer__text" dangerouslySetInnerHTML={{ __html: brand.footerText }} />
        ) : (
          <p className="site-footer__text">{brand.footerText}</p>
        ))}
      <p className="site-footer__links">
        <a href={brand.privacyFormLink ?? "/privacy-policy"} target="_blank" rel="noopener noreferrer">
          {t.privacyLink}
          <span className="visually-hidden">{t.opensInNewTab}</span>
        </a>
      </p>
    </footer>
  );
});
