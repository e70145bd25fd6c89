/** The funnel's words for the step count (`navigation.progressLabel`), with {current} and {total} filled in. */
const DEFAULT_PROGRESS_LABEL = "Step {current} of {total}";

export function ProgressBar({ current, total, label }: { current: number; total: number; label?: string }) {
  const percent = Math.round((current / Math.max(total, 1)) * 100);
  const text = (label ?? DEFAULT_PROGRESS_LABEL).replace("{current}", String(current)).replace("{total}", String(total));
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label="Progress"
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
