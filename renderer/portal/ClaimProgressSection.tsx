/** Each claim's stage timeline and what happens next (GET /api/portal/progress); the stage words are the brand's copy. */
import { useEffect, useState } from "react";
import { format, parseISO } from "date-fns";
import { api } from "../api/client";
import "./portal.css";
import { dateOptions } from "../runtime/dateLocale";

interface TimelineEntry {
  stage: string;
  label: string;
  state: "done" | "skipped" | "current" | "upcoming";
  reached_at: string | null;
}
interface ClaimProgress {
  id: string;
  lender_name: string;
  claim_reference: string;
  stage: string;
  amount: number | null;
  next: string;
  timeline: TimelineEntry[];
}

const pounds = (amount: number) =>
  `£${amount.toLocaleString("en-GB", { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
const STATE_TEXT = { done: "Done", skipped: "Not needed for this claim", current: "Current stage", upcoming: "Not yet" } as const;

export function ClaimProgressSection() {
  const [claims, setClaims] = useState<ClaimProgress[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void api.get<{ claims: ClaimProgress[] }>("/api/portal/progress").then((result) => {
      if (result.status === 401) return;
      if (!result.ok) return setError(result.body.error ?? "We could not load your claims' progress. Please try again.");
      setClaims(result.body.claims);
    });
  }, []);

  if (!claims && !error) return <div className="spinner" role="status" aria-label="Loading your claims' progress" />;
  if (error)
    return (
      <div className="panel panel--error" role="alert">
        {error}
      </div>
    );
  if (!claims?.length) return null;
  return (
    <section className="portal-section" aria-labelledby="claim-progress-heading">
      <h2 id="claim-progress-heading" className="portal-section__heading">
        Where your claims are
      </h2>
      {claims.map((claim) => {
        const current = claim.timeline.find((t) => t.state === "current");
        return (
          <article key={claim.id} className="progress-card" aria-labelledby={`progress-${claim.id}`}>
            <h3 id={`progress-${claim.id}`} className="progress-card__title">
              {claim.lender_name} <span className="progress-card__reference">{claim.claim_reference}</span>
            </h3>
            <p className="progress-card__now">
              Now: <strong>{current?.label}</strong>
              {claim.amount !== null && (
                <>
                  {" · "}Amount: <strong>{pounds(claim.amount)}</strong>
                </>
              )}
            </p>
            <ol className="timeline" aria-label={`Stages of your ${claim.lender_name} claim`}>
              {claim.timeline.map((entry) => (
                <li
                  key={entry.stage}
                  className={`timeline__stage timeline__stage--${entry.state}`}
                  aria-current={entry.state === "current" ? "step" : undefined}
                >
                  <span className="timeline__marker" aria-hidden="true" />
                  <span className="timeline__label">{entry.label}</span>
                  <span className="timeline__meta">
                    <span className="visually-hidden">{STATE_TEXT[entry.state]}</span>
                    {entry.state === "skipped" && <span aria-hidden="true">Not needed</span>}
                    {entry.reached_at && entry.state !== "upcoming" && (
                      <span>{format(parseISO(entry.reached_at), "d MMM yyyy", dateOptions())}</span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
            <div className="progress-card__next">
              <h4 className="progress-card__next-heading">What happens next</h4>
              <p>{claim.next}</p>
            </div>
          </article>
        );
      })}
    </section>
  );
}
