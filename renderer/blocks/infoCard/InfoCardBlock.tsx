/** A card of important information, e.g. the regulatory notes a claims firm must give. */
import { useId } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./infoCard.css";

export function InfoCardBlock({ block, runtime }: BlockComponentProps<"infoCard">) {
  const { title, paragraphs, tone } = block.props;
  const titleId = useId();
  return (
    <section className={`infoCard infoCard--${tone}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="infoCard__title">
        <span className="infoCard__icon" aria-hidden="true">
          i
        </span>
        {runtime.fill(title)}
      </h2>
      {paragraphs.map((text) => (
        <p key={text} className="infoCard__text">
          {runtime.fill(text)}
        </p>
      ))}
    </section>
  );
}
