import { format } from "date-fns";
import type { BlockProps } from "../../../schema/types";
import type { AnswerValue } from "../../../engine/answers";
import { parseIsoDate } from "../../../engine/dates";
import { parseSignature } from "../signature/signatureValue";
import { dateOptions } from "../../runtime/dateLocale";

interface AnswerValueViewProps {
  value: AnswerValue;
  props: BlockProps<"checkAnswers">;
  fill: (text: string) => string;
}

/** One answer, readably: a date in words (in the page's language), an address on its lines, a drawn signature as a small image. */
export function AnswerValueView({ value, props, fill }: AnswerValueViewProps) {
  switch (value.kind) {
    case "empty":
      return <span className="summaryList__none">{fill(props.notProvided)}</span>;
    case "checkbox":
      return <>{fill(value.checked ? props.yesLabel : props.noLabel)}</>;
    case "date": {
      const date = parseIsoDate(value.iso);
      return <>{date ? format(date, "d MMMM yyyy", dateOptions()) : value.iso}</>;
    }
    case "lines":
      return (
        <>
          {value.lines.map((line, i) => (
            <span className="summaryList__line" key={i}>
              {line}
            </span>
          ))}
        </>
      );
    case "signature": {
      const signature = parseSignature(value.value);
      if (signature.kind === "drawn")
        return <img className="summaryList__signature" src={signature.dataUrl} alt={fill(props.signatureAlt)} />;
      if (signature.kind === "typed") return <span className="summaryList__typedSignature">{signature.name}</span>;
      return <span className="summaryList__none">{fill(props.notProvided)}</span>;
    }
    case "text":
      return <>{value.text}</>;
  }
}
