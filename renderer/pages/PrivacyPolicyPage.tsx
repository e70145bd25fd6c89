/** /privacy-policy: the shared privacy text (definitions/content/site.json "privacy") with the brand's and company's names. */
import { readBoot } from "../boot";
import { siteFill } from "../content/siteCopy";
import { siteText } from "../siteText";
import "../content/content.css";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import { CountingChoice } from "./CountingChoice";

export function PrivacyPolicyPage() {
  const { brand, site } = readBoot();
  const fill = siteFill(brand);
  const privacy = site?.privacy;
  const title = privacy ? fill(privacy.title) : siteText("common").privacyLink;
  useDocumentTitle(`${title} – ${brand.brandName}`);
  return (
    <PageLayout brand={brand} mainClassName="privacy-page">
      <h1 className="step-heading">{title}</h1>
      {privacy && <p className="lead">{fill(privacy.intro)}</p>}
      {privacy?.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{fill(section.heading)}</h2>
          {section.paragraphs?.map((text) => (
            <p key={text}>{fill(text)}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {privacy?.counting && <CountingChoice counting={privacy.counting} fill={fill} />}
    </PageLayout>
  );
}
