import type { ReactNode } from "react";
import type { BrandTheme } from "../boot";
import { Header } from "./Header";
import { SiteFooter } from "./SiteFooter";

/** The frame of every page outside a funnel: the brand's header, the main content and the footer. */
export function PageLayout({ brand, mainClassName, children }: { brand: BrandTheme; mainClassName?: string; children: ReactNode }) {
  return (
    <div className="page">
      <Header brand={brand} />
      <main id="main" className={mainClassName ? `main ${mainClassName}` : "main"}>
        {children}
      </main>
      <SiteFooter brand={brand} />
    </div>
  );
}
