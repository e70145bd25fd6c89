import { readBoot } from "../boot";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import { pageTitle, siteText } from "../siteText";

export function NotFoundPage() {
  const { brand } = readBoot();
  const t = siteText("notFound");
  useDocumentTitle(pageTitle(t.title, brand.brandName));
  return (
    <PageLayout brand={brand}>
      <h1 className="step-heading">{t.heading}</h1>
      <p>{t.body}</p>
      <p>
        <a className="button button--primary" href="/claim">
          {t.startLabel}
        </a>
      </p>
    </PageLayout>
  );
}
