/** The company's FAQ as native disclosure widgets (keyboard and screen reader support for free). */
import { useId } from "react";
import type { CompanyContent } from "../../schema/types";
import "./content.css";

export type FaqContent = NonNullable<CompanyContent["faq"]>;

export function Faq({ faq, heading }: { faq: FaqContent; heading?: string }) {
  const id = useId();
  return (
    <section className="faq" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="sub-heading">
        {heading ?? faq.heading}
      </h2>
      {faq.items.map((item, i) => (
        <details key={i} className="faq__item">
          <summary className="faq__question">{item.question}</summary>
          <p className="faq__answer">{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
