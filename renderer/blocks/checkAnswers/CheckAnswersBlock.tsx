import type { MouseEvent } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import { answersBefore, type Answer } from "../../../engine/answers";
import { AnswerValueView } from "./AnswerValueView";
import "./checkAnswers.css";

/**
 * "Check your answers" (the GOV.UK summary list): each answer the visitor gave on their own way here, under the
 * definition's labels, with a Change link to its step whose Next comes back here (FunnelRunner, changeReturn.ts).
 */
export function CheckAnswersBlock({ block, runtime }: BlockComponentProps<"checkAnswers">) {
  const { heading, lead, changeLabel, fields } = block.props;
  const data = runtime.getData();
  const answers = answersBefore(
    runtime.funnel,
    runtime.step.id,
    { data, query: runtime.query, brand: runtime.brand as unknown as Record<string, unknown>, fields: runtime.funnel.fields },
    fields,
  );
  const change = (answer: Answer) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the page (the answers are in it); a new tab follows the address.
    if (!runtime.changeAnswer || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    runtime.changeAnswer(answer.stepId);
  };
  return (
    <div className="checkAnswers">
      <h1 className="step-heading" tabIndex={-1}>
        {runtime.fill(heading)}
      </h1>
      {lead && <p className="lead">{runtime.fill(lead)}</p>}
      <dl className="summaryList">
        {answers.map((answer) => (
          <div className="summaryList__row" key={answer.key}>
            <dt className="summaryList__key">{runtime.fill(answer.label)}</dt>
            <dd className="summaryList__value">
              <AnswerValueView value={answer.value} props={block.props} fill={runtime.fill} />
            </dd>
            <dd className="summaryList__actions">
              <a href={runtime.stepHref?.(answer.stepId, runtime.step.id) ?? "#"} onClick={change(answer)}>
                {runtime.fill(changeLabel)} <span className="visually-hidden">{runtime.fill(answer.label)}</span>
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
