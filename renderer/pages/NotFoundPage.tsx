import { readBoot } from "../boot";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";

export function NotFoundPage() {
  const { brand } = readBoot();
  useDocumentTitle(`Page not found – ${brand.brandName}`);
  return (
    <PageLayout brand={brand}>
      <h1 className="step-heading">Page not found</h1>
      <p>If you typed the web address, check it is correct. If you pasted it, check you copied the whole address.</p>
      <p>
        <a className="button button--primary" href="/claim">
          Start your claim
        </a>
      </p>
    </PageLayout>
  );
}
