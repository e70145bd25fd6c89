/** The portal's greeting: a fuller welcome on the account's first visit (POST /api/portal/first-visit), a short one after. */
import { useEffect, useState } from "react";
import { api } from "../api/client";
import "./portal.css";

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
  const name = visit.firstName ? `, ${visit.firstName}` : "";
  if (!visit.firstVisit) return <p className="portal-welcome">Welcome back{name}.</p>;
  return (
    <div className="panel portal-welcome portal-welcome--first" role="status">
      <p className="portal-welcome__title">Welcome to your claims portal{name}.</p>
      <p>
        {visit.fromV2Confirmation ? "Your account is ready and your claim details are saved. " : "Your account is ready. "}
        This is where you follow each claim: where it is now, what happens next, and where we pay your compensation.
      </p>
    </div>
  );
}
