import { siteText } from "../siteText";

/** The funnel's words for the step count (`navigation.progressLabel`, else the site's), with {current} and {total} filled in. */
export function ProgressBar({ current, total, label }: { current: number; total: number; label?: string }) {
  const percent = Math.round((current / Math.max(total, 1)) * 100);
  const words = siteText("common");
  const text = (label ?? words.progressLabel).replace("{current}", String(current)).replace("{total}", String(total));
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={words.progress}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={text}
      >
        {/* An SVG attribute, not an inline style: the server-rendered page is drawn under a CSP without inline styles. */}
        <svg className="progress__fill" aria-hidden="true" focusable="false">
          <rect width={`${percent}%`} height="100%" rx="4" />
        </svg>
      </div>
      <p className="progress__text">{text}</p>
    </div>
  );
}
