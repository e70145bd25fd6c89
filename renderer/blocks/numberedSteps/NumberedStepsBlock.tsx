/** A numbered list of steps, e.g. 'How it Works': each a title and a line of copy. */
import { useId } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./numberedSteps.css";

export function NumberedStepsBlock({ block, runtime }: BlockComponentProps<"numberedSteps">) {
  const id = useId();
  const { heading, steps } = block.props;
  return (
    <section className="numberedSteps" aria-labelledby={heading ? `${id}-heading` : undefined}>
      {heading && (
        <h2 id={`${id}-heading`} className="sub-heading numberedSteps__heading">
          {runtime.fill(heading)}
        </h2>
      )}
      <ol className="numberedSteps__list">
        {steps.map((step, index) => (
          <li key={index} className="numberedSteps__item">
            <span className="numberedSteps__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className="numberedSteps__title">{runtime.fill(step.title)}</h3>
              <p className="numberedSteps__text">{runtime.fill(step.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
