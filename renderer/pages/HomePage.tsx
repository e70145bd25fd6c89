/**
 * The brand's home page: the marketing claims (definitions/content/site.json
 * "marketing", with the brand's overrides), the start button, and the company's
 * review panel and FAQ when its company has them. v1's Back from its first step lands here.
 */
import { readBoot } from "../boot";
import { Faq } from "../content/Faq";
import { ReviewPanel } from "../content/ReviewPanel";
import { siteFill } from "../content/siteCopy";
import "../content/content.css";
import { averageClaimText } from "../../engine/copy";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "../blocks/bulletList/bulletList.css";
import "../blocks/averageClaim/averageClaim.css";
import "../blocks/actionButton/actionButton.css";

export function HomePage() {
  const { brand, site, company } = readBoot();
  useDocumentTitle(brand.brandName);
  const fill = siteFill(brand);
  const m = site?.marketing;
  return (
    <PageLayout brand={brand} mainClassName="home">
      <h1 className="step-heading">{m ? fill(m.headline) : brand.brandName}</h1>
      {m && <p className="lead">{fill(m.lead)}</p>}
      {m && brand.handlingPausedUntil && (
        <p className="home__notice" role="note">
          {fill(m.handlingPaused)}
        </p>
      )}
      {m && (
        <div className="average-claim">
          <p className="average-claim__label">{fill(m.averageClaimLabel)}</p>
          <p className="average-claim__figure">
            {averageClaimText(brand)}
            <span aria-hidden="true">*</span>
          </p>
        </div>
      )}
      <a className="button button--primary button--hero" href="/claim">
        {m ? fill(m.startLabel) : "Start my claim"}
      </a>
      {m && (
        <ul className="bullet-list bullet-list--tick home__claims">
          {[m.checkingTime, m.agreementFinder, m.driversSignedUp, m.noWinNoFee, m.coolingOff].map((claim) => (
            <li key={claim}>{fill(claim)}</li>
          ))}
        </ul>
      )}
      {company?.reviewPanel && <ReviewPanel panel={company.reviewPanel} />}
      {m && (
        <section className="home__small-print" aria-labelledby="home-small-print">
          <h2 id="home-small-print" className="sub-heading">
            Things you should know
          </h2>
          <p>{fill(m.successFee)}</p>
          <p>{fill(m.freeRoute)}</p>
          <p>
            <span aria-hidden="true">* </span>
            {fill(m.averageCompensation)}
          </p>
          <p>{fill(m.leasesNotEligible)}</p>
          <p>{fill(m.documentsTime)}</p>
          <p className="paragraph--small">{fill(m.closingFee)}</p>
        </section>
      )}
      {company?.faq && <Faq faq={company.faq} />}
    </PageLayout>
  );
}
