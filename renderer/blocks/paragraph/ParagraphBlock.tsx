import type { BlockComponentProps } from "../../runtime/runtime";

export function ParagraphBlock({ block, runtime }: BlockComponentProps<"paragraph">) {
  const tone = block.props.tone ?? "normal";
  return <p className={`paragraph paragraph--${tone}`}>{runtime.fill(block.props.text)}</p>;
}
