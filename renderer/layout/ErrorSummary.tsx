import { forwardRef } from "react";
import { fieldId } from "../runtime/useFieldBinding";

export interface SummaryItem {
  path: string;
  message: string;
}

/** GOV.UK error summary: takes focus after an attempted Next and links to each field. */
export const ErrorSummary = forwardRef<HTMLDivElement, { title: string; items: SummaryItem[] }>(function ErrorSummary(
  { title, items },
  ref,
) {
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.path}>
            <a
              href={`#${fieldId(item.path)}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(fieldId(item.path))?.focus();
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
