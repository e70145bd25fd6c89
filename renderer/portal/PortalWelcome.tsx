/** The portal's greeting: a fuller welcome on the account's first visit (POST /api/portal/first-visit), a short one after. */
import { useEffect, useState } from "react";
import { api } from "../api/client";
import "./portal.css";
import { siteText } from "../siteText";
import { fillPlaceholders } from "../../engine/copy";

interface Visit {
  firstVisit: boolean;
  fromV2Confirmation: boolean;
  firstName: string | null;
}

export function PortalWelcome() {
  const [visit, setVisit] = useState<Visit | null>(null);
  useEffect(() => {
    void api.post<Visit>("/api/portal/first-visit", {}).then((result) => result.ok && setVisit(result.body));
  }, []);
  if (!visit) return null;
  const t = siteText("portal");
  const named = (withName: string, withoutName: string) =>
    visit.firstName ? fillPlaceholders(withName, { firstName: visit.firstName }) : withoutName;
  if (!visit.firstVisit) return <p className="portal-welcome">{named(t.welcomeBack, t.welcomeBackNoName)}</p>;
  return (
    <div className="panel portal-welcome portal-welcome--first" role="status">
      <p className="portal-welcome__title">{named(t.welcomeFirst, t.welcomeFirstNoName)}</p>
      <p>
        {visit.fromV2Confirmation ? t.accountReadySaved : t.accountReady} {t.welcomeLead}
      </p>
    </div>
  );
}
