/**
 * The privacy page's visit-counting section: what is counted, whether this browser is, and a free opt-out
 * (or back in). The server sets the opt-out cookie (POST /api/analytics/opt-out) and drops the visit id; the
 * recorder reads the cookie and sends nothing (analytics/recorder.ts). Copy: site.json privacy.counting.
 */
import { useState } from "react";
import type { SiteContent } from "../../schema/types";
import { cookieOptsOut } from "../../engine/analyticsOptOut";

type Counting = NonNullable<SiteContent["privacy"]["counting"]>;

export function CountingChoice({ counting, fill }: { counting: Counting; fill: (text: string) => string }) {
  const [out, setOut] = useState(() => typeof document !== "undefined" && cookieOptsOut(document.cookie));
  const [busy, setBusy] = useState(false);
  const choose = async (optOut: boolean) => {
    setBusy(true);
    try {
      const res = await fetch("/api/analytics/opt-out", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ out: optOut }),
      });
      if (res.ok) setOut(cookieOptsOut(document.cookie));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id="counting" aria-labelledby="counting-heading">
      <h2 id="counting-heading">{fill(counting.heading)}</h2>
      {counting.paragraphs.map((text) => (
        <p key={text}>{fill(text)}</p>
      ))}
      <p role="status" className="counting-status">
        {fill(out ? counting.optedOutStatus : counting.countedStatus)}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void choose(!out)}
      >
        {fill(out ? counting.optInLabel : counting.optOutLabel)}
      </button>
    </section>
  );
}
