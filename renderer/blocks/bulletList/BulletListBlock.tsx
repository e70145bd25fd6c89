import type { BlockComponentProps } from "../../runtime/runtime";
import "./bulletList.css";

export function BulletListBlock({ block, runtime }: BlockComponentProps<"bulletList">) {
  const icon = block.props.icon ?? "dot";
  return (
    <ul className={`bullet-list bullet-list--${icon}`}>
      {block.props.items.map((item) => (
        <li key={item}>{runtime.fill(item)}</li>
      ))}
    </ul>
  );
}
