/** A small reassurance badge (SSL padlock, shield, clock) with a line of copy. */
import type { BlockComponentProps } from "../../runtime/runtime";
import "./trustBadge.css";

const ICONS = {
  lock: "M6 10V7a6 6 0 1 1 12 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h8V7a4 4 0 1 0-8 0v3Z",
  shield: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.6-4.6 1.4 1.4-6 6Z",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.6 2.1-1 1.7L11 13V6h2v6.4Z",
} as const;

export function TrustBadgeBlock({ block, runtime }: BlockComponentProps<"trustBadge">) {
  const { text, icon, detail } = block.props;
  return (
    <p className={`trustBadge trustBadge--${icon}`}>
      <svg className="trustBadge__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} fill="currentColor" />
      </svg>
      <span>
        <strong className="trustBadge__text">{runtime.fill(text)}</strong>
        {detail && <span className="trustBadge__detail"> {runtime.fill(detail)}</span>}
      </span>
    </p>
  );
}
