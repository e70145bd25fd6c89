import { useEffect, useState } from "react";
import { format, parseISO } from "date-fns";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { formatAddress, maskEmail, maskPhone } from "../components/mask";
import { SignOutEverywhere } from "./portal/SignOutEverywhere";
import { PageLayout } from "../layout/PageLayout";
import { clearAllProgress } from "../runtime/progressStore";
import { DataRights } from "./portal/DataRights";
import { ClaimProgressSection } from "../portal/ClaimProgressSection";
import { ContactDetailsSection } from "../portal/ContactDetailsSection";
import { PayoutAccountSection } from "../portal/PayoutAccountSection";
import { PortalWelcome } from "../portal/PortalWelcome";
import { useDocumentTitle } from "./useDocumentTitle";
import "../portal/portal.css";
import { dateOptions } from "../runtime/dateLocale";
import type { PortalClaimRequest, PortalClaimsAnswer } from "../../schema/api/portalClaims";

export function formatStartDate(value: string | null): string {
  if (!value) return "Unknown date";
  const date = parseISO(value.slice(0, 10));
  return Number.isNaN(date.getTime()) ? "Unknown date" : format(date, "dd MMM yyyy", dateOptions());
}

const SOURCE_LABELS: Record<string, string> = { "credit-check": "Credit check", manual: "Added by you" };

/** The signed-in user's claims. */
export function PortalPage() {
  const { brand } = readBoot();
  const [requests, setRequests] = useState<PortalClaimRequest[] | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(`Your claims – ${brand.brandName}`);

  useEffect(() => {
    void api.get<PortalClaimsAnswer>("/api/portal/claims").then((result) => {
      if (result.status === 401) return window.location.assign("/login?redirect=/portal&status=sign_in_required");
      if (!result.ok) return setError(result.body.error ?? "We could not load your claims. Please try again.");
      setRequests(result.body.claimRequests);
      setAccount(result.body.user?.email ?? null);
    });
  }, []);

  const signOut = async () => {
    await api.post("/api/auth/logout", {});
    clearAllProgress();
    window.location.assign("/login?status=signed_out");
  };

  const claims = (requests ?? []).flatMap((r) => r.claims.map((c) => ({ ...c, claim_reference: c.claim_reference ?? r.claim_reference })));
  return (
    <PageLayout brand={brand} mainClassName="portal">
      <div className="portal__top">
        <h1 className="step-heading">Your claims</h1>
        <button type="button" className="button button--secondary" onClick={signOut}>
          Sign out
        </button>
      </div>
      {account && <p className="portal__account">Signed in as {maskEmail(account)}</p>}
      {requests && <PortalWelcome />}
      {error && (
        <div className="panel panel--error" role="alert">
          {error}
        </div>
      )}
      {!requests && !error && <div className="spinner" role="status" aria-label="Loading your claims" />}
      {requests && claims.length === 0 && <p>You have no claims yet. We'll add any we find to this page.</p>}
      {claims.length > 0 && (
        <ul className="claim-cards" aria-label="Your claims">
          {claims.map((claim) => (
            <li key={claim.id} className="claim-card">
              <h2 className="claim-card__lender">{claim.lender_name}</h2>
              <dl className="claim-card__facts">
                <div className="claim-card__reference">
                  <dt>Claim reference</dt>
                  <dd>{claim.claim_reference}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="status-tag">{claim.status}</span>
                  </dd>
                </div>
                <div>
                  <dt>Start date</dt>
                  <dd>{formatStartDate(claim.start_date)}</dd>
                </div>
                {Number(claim.amount) > 0 && (
                  <div>
                    <dt>Amount</dt>
                    <dd>£{Number(claim.amount).toLocaleString("en-GB")}</dd>
                  </div>
                )}
                <div>
                  <dt>Found by</dt>
                  <dd>{SOURCE_LABELS[claim.source] ?? claim.source}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {requests && claims.length > 0 && <ClaimProgressSection />}
      {requests && requests.length > 0 && <PayoutAccountSection />}
      {requests && <ContactDetailsSection />}
      {requests && requests.length > 0 && <ClaimRequestDetails requests={requests} />}
      {requests && <DataRights />}
      {requests && <SignOutEverywhere />}
    </PageLayout>
  );
}

/** The applicant's details as each claim request holds them; contact details masked. */
function ClaimRequestDetails({ requests }: { requests: PortalClaimRequest[] }) {
  return (
    <section className="portal__details" aria-labelledby="portal-details-heading">
      <h2 id="portal-details-heading" className="portal__details-heading">
        Your details
      </h2>
      {requests.map((request) => (
        <dl key={request.id} className="summary-list" aria-label={`Claim ${request.claim_reference}`}>
          <div>
            <dt>Claim reference</dt>
            <dd>{request.claim_reference}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{[request.title, request.first_name, request.last_name].filter(Boolean).join(" ") || "Not given"}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{formatAddress(request.address)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{maskEmail(request.email)}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{maskPhone(request.phone_number)}</dd>
          </div>
          {request.answers?.map((answer) => (
            <div key={answer.path}>
              <dt>{answer.label}</dt>
              <dd>{answer.kind === "date" ? formatStartDate(answer.value) : answer.value}</dd>
            </div>
          ))}
          {request.signed !== undefined && (
            <div>
              <dt>Signed</dt>
              <dd>
                {request.signed ? "Yes" : "Not yet"}
                {request.documents?.map((document) => (
                  <span key={document.kind}>
                    {" "}
                    <a href={document.href} download>
                      {document.label}
                    </a>
                  </span>
                ))}
              </dd>
            </div>
          )}
          {request.created_at && (
            <div>
              <dt>Started</dt>
              <dd>{formatStartDate(request.created_at)}</dd>
            </div>
          )}
        </dl>
      ))}
    </section>
  );
}
