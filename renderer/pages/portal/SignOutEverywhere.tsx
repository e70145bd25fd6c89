import { useState } from "react";
import { api } from "../../api/client";
import "../../portal/portal.css";

/** Ends every session of the account (a lost phone, a shared computer), this one too. */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setBusy(true);
    setError(null);
    const result = await api.post<{ redirect?: string }>("/api/auth/logout-everywhere", {});
    if (result.ok) return window.location.assign("/login?status=signed_out_everywhere");
    setBusy(false);
    setError("We couldn't sign you out everywhere. Please try again.");
  };

  return (
    <section className="portal-section" aria-labelledby="portal-security-heading">
      <h2 id="portal-security-heading" className="portal__details-heading">
        Your devices
      </h2>
      <p>Signed in on a device you no longer use? Sign out on every device, this one included.</p>
      {error && (
        <div className="panel panel--error" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button--secondary" disabled={busy} aria-busy={busy || undefined} onClick={onClick}>
        {busy ? "Signing out..." : "Sign out everywhere"}
      </button>
    </section>
  );
}
