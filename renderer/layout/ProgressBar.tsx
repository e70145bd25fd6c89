export function ProgressBar({ current, total }: { current: number; total: number }) {
  const percent = Math.round((current / Math.max(total, 1)) * 100);
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`Step ${current} of ${total}`}
      >
        {/* An SVG attribute, not an inline style: the server-rendered page is drawn under a CSP without inline styles. */}
        <svg className="progress__fill" aria-hidden="true" focusable="false">
          <rect width={`${percent}%`} height="100%" rx="4" />
        </svg>
      </div>
      <p className="progress__text">
        Step {current} of {total}
      </p>
    </div>
  );
}
