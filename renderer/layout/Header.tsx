import type { BrandTheme } from "../boot";
import type { ReactNode } from "react";

/** The fixed header: the brand's logo and name, and optionally the funnel's progress. */
export function Header({ brand, children }: { brand: BrandTheme; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__brand" href="/">
          <img className="site-header__logo" src={brand.logoUrl} alt="" width={36} height={36} />
          <span className="site-header__name">{brand.brandName}</span>
        </a>
        {children}
      </div>
    </header>
  );
}
