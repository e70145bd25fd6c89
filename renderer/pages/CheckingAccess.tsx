import { siteText } from "../siteText";
export function CheckingAccess() {
  return (
    <div className="checking-access" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{siteText("common").checkingAccess}</p>
    </div>
  );
}
