import { readBoot } from "../boot";
import { formatPounds } from "../engine/copy";
import { Header } from "../layout/Header";
import { SiteFooter } from "../layout/SiteFooter";

/** The brand's home page: the headline claims and a start button. */
export function HomePage() {
  const { brand } = readBoot();
  document.title = brand.brandName;
  return (
    <div className="page">
      <Header brand={brand} />
      <main id="main" className="main home">
        <h1 className="step-heading">Did you have car finance between 2007 and 2021?</h1>
        <p className="lead">You could be owed money if your finance was mis-sold through hidden commission. Checking takes under 60 seconds.</p>
        <p className="average-claim__figure">{formatPounds(brand.averageClaim)}*</p>
        <p className="paragraph paragraph--small">* Average compensation is about £950 or less per agreement.</p>
        <a className="button button--primary button--hero" href="/claim">
          Start my claim
        </a>
        <ul className="bullet-list bullet-list--tick">
          <li>Free agreement finder</li>
          <li>No win, no fee, handled by partnered solicitors</li>
          <li>14-day cooling-off period</li>
          <li>You can complain free to your lender or the Financial Ombudsman Service without a claims firm</li>
        </ul>
      </main>
      <SiteFooter brand={brand} />
    </div>
  );
}
