import type { BrandTheme } from "../boot";

/** The page footer with the brand's legal text (plain text here; HTML footers are sanitised by the brand layer). */
export function SiteFooter({ brand, note }: { brand: BrandTheme; note?: string }) {
  return (
    <footer className="site-footer">
      {note && <p className="site-footer__note">{note}</p>}
      {brand.footerText && <p className="site-footer__text">{brand.footerText}</p>}
      <p className="site-footer__links">
        <a href={brand.privacyFormLink ?? "/privacy-policy"} target="_blank" rel="noopener noreferrer">
          Privacy policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </footer>
  );
}
