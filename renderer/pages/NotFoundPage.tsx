import { readBoot } from "../boot";
import { Header } from "../layout/Header";
import { SiteFooter } from "../layout/SiteFooter";

export function NotFoundPage() {
  const { brand } = readBoot();
  document.title = `Page not found – ${brand.brandName}`;
  return (
    <div className="page">
      <Header brand={brand} />
      <main id="main" className="main">
        <h1 className="step-heading">Page not found</h1>
        <p>If you typed the web address, check it is correct. If you pasted it, check you copied the whole address.</p>
        <p>
          <a className="button button--primary" href="/claim">
            Start your claim
          </a>
        </p>
      </main>
      <SiteFooter brand={brand} />
    </div>
  );
}
