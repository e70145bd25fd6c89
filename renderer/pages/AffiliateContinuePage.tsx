import { useState } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "./accountPages.css";

/**
 * Read once per page load and removed from the address bar, so the token is not left in history or shared by
 * copying the URL. Kept at module level: a render React repeats must not find the address bar already emptied.
 */
let taken: string | null = null;
function takeToken(): string {
  if (taken !== null) return taken;
  taken = new URLSearchParams(window.location.search).get("token") ?? "";
  if (taken) window.history.replaceState(null, "", window.location.pathname);
  return taken;
}

/**
 * Where a partner's link lands; its copy is content/site.json `affiliateContinue`, which a brand may override. Opening the link changes nothing (a mail
 * scanner that follows it does not use it up); Continue sends it by POST.
 */
export function AffiliateContinuePage() {
  const { brand, affiliateContinue: copy } = readBoot();
  const [token] = useState(takeToken);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server inlines the copy (content/site.json `affiliateContinue` with the brand's overrides) on this page.
  if (!copy) throw new Error("The page is missing its copy. Please reload.");
  useDocumentTitle(`${copy.title} – ${brand.brandName}`);

  const onContinue = async () => {
    setBusy(true);
    setError(null);
    const result = await api.post<{ redirect?: string }>("/api/affiliate/enter", { token });
    if (result.ok && typeof result.body.redirect === "string" && result.body.redirect.startsWith("/")) {
      window.location.assign(result.body.redirect);
      return;
    }
    setBusy(false);
    setError(copy.error);
  };

  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      <h1 className="step-heading">{copy.heading}</h1>
      <p>{copy.lead}</p>
      {error && (
        <div className="panel panel--error" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button--primary" disabled={busy || !token} aria-busy={busy || undefined} onClick={onContinue}>
        {busy ? copy.busyLabel : copy.continueLabel}
      </button>
    </PageLayout>
  );
}
