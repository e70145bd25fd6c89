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
import { pageTitle, siteText } from "../siteText";
import { fillPlaceholders } from "../../engine/copy";
import type { SiteText } from "../../schema/content.schema";
import { NEW_CLAIM_STATUS, type PortalClaimRequest, type PortalClaimsAnswer } from "../../schema/api/portalClaims";

/** A stored date as the portal shows it, or the site's word for an unknown one. */
export function formatStartDate(value: string | null, unknownDate: string): string {
  if (!value) return unknownDate;
  const date = parseISO(value.slice(0, 10));
  return Number.isNaN(date.getTime()) ? unknownDate : format(date, "dd MMM yyyy", dateOptions());
}

/** How a claim was found, in the site's words; a source without a word of its own shows as stored. */
function sourceLabel(source: string, t: SiteText["portal"]): string {
  if (source === "credit-check") return t.foundByCreditCheck;
  if (source === "manual") return t.foundByManual;
  return source;
}

/** A claim's stored status in the site's words; a status without a word of its own shows as stored. */
function statusLabel(status: string, t: SiteText["portal"]): string {
  return status === NEW_CLAIM_STATUS ? t.statusInProgress : status;
}

/** The signed-in user's claims. */
export function PortalPage() {
  const { brand } = readBoot();
  const t = siteText("portal");
  const common = siteText("common");
  const [requests, setRequests] = useState<PortalClaimRequest[] | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(pageTitle(t.title, brand.brandName));

  useEffect(() => {
    void api.get<PortalClaimsAnswer>("/api/portal/claims").then((result) => {
      if (result.status === 401) return window.location.assign("/login?redirect=/portal&status=sign_in_required");
      if (!result.ok) return setError(result.body.error ?? t.loadFailed);
      setRequests(result.body.claimRequests);
      setAccount(result.body.user?.email ?? null);
    });
  }, [t.loadFailed]);

  const signOut = async () => {
    await api.post("/api/auth/logout", {});
    clearAllProgress();
    window.location.assign("/login?status=signed_out");
  };

  const claims = (requests ?? []).flatMap((r) => r.claims.map((c) => ({ ...c, claim_reference: c.claim_reference ?? r.claim_reference })));
  return (
    <PageLayout brand={brand} mainClassName="portal">
      <div className="portal__top">
        <h1 className="step-heading">{t.heading}</h1>
        <button type="button" className="button button--secondary" onClick={signOut}>
          {t.signOut}
        </button>
      </div>
      {account && <p className="portal__account">{fillPlaceholders(t.signedInAs, { email: maskEmail(account, common.notGiven) })}</p>}
      {requests && <PortalWelcome />}
      {error && (
        <div className="panel panel--error" role="alert">
          {error}
        </div>
      )}
      {!requests && !error && <div className="spinner" role="status" aria-label={t.loadingClaims} />}
      {requests && claims.length === 0 && <p>{t.noClaims}</p>}
      {claims.length > 0 && (
        <ul className="claim-cards" aria-label={t.claimsLabel}>
          {claims.map((claim) => (
            <li key={claim.id} className="claim-card">
              <h2 className="claim-card__lender">{claim.lender_name}</h2>
              <dl className="claim-card__facts">
                <div className="claim-card__reference">
                  <dt>{t.claimReference}</dt>
                  <dd>{claim.claim_reference}</dd>
                </div>
                <div>
                  <dt>{t.status}</dt>
                  <dd>
                    <span className="status-tag">{statusLabel(claim.status, t)}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t.startDate}</dt>
                  <dd>{formatStartDate(claim.start_date, common.unknownDate)}</dd>
                </div>
                {Number(claim.amount) > 0 && (
                  <div>
                    <dt>{t.amount}</dt>
                    <dd>£{Number(claim.amount).toLocaleString("en-GB")}</dd>
                  </div>
                )}
                <div>
                  <dt>{t.foundBy}</dt>
                  <dd>{sourceLabel(claim.source, t)}</dd>
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
  const t = siteText("portal");
  const { notGiven, unknownDate } = siteText("common");
  return (
    <section className="portal__details" aria-labelledby="portal-details-heading">
      <h2 id="portal-details-heading" className="portal__details-heading">
        {t.detailsHeading}
      </h2>
      {requests.map((request) => (
        <dl
          key={request.id}
          className="summary-list"
          aria-label={fillPlaceholders(t.claimLabel, { claimReference: request.claim_reference })}
        >
          <div>
            <dt>{t.claimReference}</dt>
            <dd>{request.claim_reference}</dd>
          </div>
          <div>
            <dt>{t.name}</dt>
            <dd>{[request.title, request.first_name, request.last_name].filter(Boolean).join(" ") || notGiven}</dd>
          </div>
          <div>
            <dt>{t.address}</dt>
            <dd>{formatAddress(request.address, notGiven)}</dd>
          </div>
          <div>
            <dt>{t.email}</dt>
            <dd>{maskEmail(request.email, notGiven)}</dd>
          </div>
          <div>
            <dt>{t.mobile}</dt>
            <dd>{maskPhone(request.phone_number, notGiven)}</dd>
          </div>
          {request.answers?.map((answer) => (
            <div key={answer.path}>
              <dt>{answer.label}</dt>
              <dd>{answer.kind === "date" ? formatStartDate(answer.value, unknownDate) : answer.value}</dd>
            </div>
          ))}
          {request.signed !== undefined && (
            <div>
              <dt>{t.signed}</dt>
              <dd>
                {request.signed ? t.signedYes : t.signedNotYet}
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
              <dt>{t.started}</dt>
              <dd>{formatStartDate(request.created_at, unknownDate)}</dd>
            </div>
          )}
        </dl>
      ))}
    </section>
  );
}
