import type { BlockComponentProps } from "../../runtime/runtime";

/** The step heading. Level 1 headings take focus on each step change (see StepView). */
export function HeadingBlock({ block, runtime }: BlockComponentProps<"heading">) {
  const { text, level, lead } = block.props;
  const Tag = level === 1 ? "h1" : "h2";
  return (
    <div className={`heading heading--${level}`}>
      <Tag className={level === 1 ? "step-heading" : "sub-heading"} tabIndex={level === 1 ? -1 : undefined}>
        {runtime.fill(text)}
      </Tag>
      {lead && <p className="lead">{runtime.fill(lead)}</p>}
    </div>
  );
}
