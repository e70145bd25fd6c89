/** A star rating: five stars drawn for the eye, the rating said in words for everyone else. */
import { siteText } from "../siteText";
import { fillPlaceholders } from "../../engine/copy";
import "./stars.css";
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className={`stars${className ? ` ${className}` : ""}`}>
      <span aria-hidden="true">
        <span className="stars__on">{"★".repeat(whole)}</span>
        <span className="stars__off">{"★".repeat(5 - whole)}</span>
      </span>
      <span className="visually-hidden">{fillPlaceholders(siteText("common").rated, { rating })}</span>
    </span>
  );
}
