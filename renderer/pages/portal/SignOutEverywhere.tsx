import { useState } from "react";
import { api } from "../../api/client";
import "../../portal/portal.css";
import { siteText } from "../../siteText";

/** Ends every session of the account (a lost phone, a shared computer), this one too. */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = siteText("portal");

  const onClick = async () => {
    setBusy(true);
    setError(null);
    const result = await api.post<{ redirect?: string }>("/api/auth/logout-everywhere", {});
    if (result.ok) return window.location.assign("/login?status=signed_out_everywhere");
    setBusy(false);
    setError(t.signOutEverywhereFailed);
  };

  return (
    <section className="portal-section" aria-labelledby="portal-security-heading">
      <h2 id="portal-security-heading" className="portal__details-heading">
        {t.devicesHeading}
      </h2>
      <p>{t.devicesIntro}</p>
      {error && (
        <div className="panel panel--error" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button--secondary" disabled={busy} aria-busy={busy || undefined} onClick={onClick}>
        {busy ? t.signingOut : t.signOutEverywhere}
      </button>
    </section>
  );
}
