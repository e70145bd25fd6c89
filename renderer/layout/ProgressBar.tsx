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
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress__text">
        Step {current} of {total}
      </p>
    </div>
  );
}
