/** The company's five-star review panel: the rating, how many reviews, and sample reviews. */
import { useId } from "react";
import type { CompanyContent } from "../../schema/types";
import { Stars } from "../components/Stars";
import "./content.css";

export type ReviewPanelContent = NonNullable<CompanyContent["reviewPanel"]>;

export function ReviewPanel({ panel, heading }: { panel: ReviewPanelContent; heading?: string }) {
  const id = useId();
  return (
    <section className="review-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="sub-heading review-panel__heading">
        {heading ?? panel.heading}
      </h2>
      <p className="review-panel__summary">
        <Stars rating={panel.rating} className="review-panel__stars" />
        <span className="review-panel__count">{panel.countText}</span>
      </p>
      <ul className="review-panel__reviews">
        {panel.reviews.map((review, i) => (
          <li key={i} className="review-panel__review">
            <Stars rating={review.rating} />
            {review.heading && <h3 className="review-panel__review-heading">{review.heading}</h3>}
            <p className="review-panel__text">{review.text}</p>
            <p className="review-panel__meta">
              {review.name}
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
              {review.when}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
