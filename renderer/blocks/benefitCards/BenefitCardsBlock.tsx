/** Benefit cards: a list of short selling points with an icon, a title and one line of copy each. */
import { useId } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import { BenefitIconSvg } from "./icons";
import "./benefitCards.css";

export function BenefitCardsBlock({ block, runtime }: BlockComponentProps<"benefitCards">) {
  const { heading, cards } = block.props;
  const headingId = useId();
  return (
    <section className="benefitCards" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="sub-heading benefitCards__heading">
          {runtime.fill(heading)}
        </h2>
      )}
      <ul className="benefitCards__list">
        {cards.map((card) => (
          <li key={card.title} className="benefitCards__card">
            {card.icon && (
              <span className="benefitCards__icon">
                <BenefitIconSvg icon={card.icon} />
              </span>
            )}
            <div className="benefitCards__body">
              <h3 className="benefitCards__title">{runtime.fill(card.title)}</h3>
              <p className="benefitCards__text">{runtime.fill(card.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
