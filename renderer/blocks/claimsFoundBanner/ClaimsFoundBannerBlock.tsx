/** How many claims were found and what the credit check's status means, as a prominent status banner. */
import type { BlockComponentProps } from "../../runtime/runtime";
import { bannerVariant, claimsCount, type BannerVariant } from "./bannerVariant";
import "./claimsFoundBanner.css";

const ICONS: Record<BannerVariant, { path: string }> = {
  success: { path: "M9.5 16.6 5.4 12.5l-1.4 1.4 5.5 5.5 11-11-1.4-1.4z" },
  partial: { path: "M9.5 16.6 5.4 12.5l-1.4 1.4 5.5 5.5 11-11-1.4-1.4z" },
  none: { path: "M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" },
  error: { path: "M10.75 4h2.5v10h-2.5zm0 12.5h2.5V19h-2.5z" },
};

export function ClaimsFoundBannerBlock({ block, runtime }: BlockComponentProps<"claimsFoundBanner">) {
  const data = runtime.getData();
  const variant = bannerVariant(data.creditCheckStatus, data.claimsFound);
  const count = claimsCount(data.claimsFound);
  const message = runtime.fill(block.props[variant]);
  const showCount = count > 0 && variant !== "error";
  return (
    <div className={`claimsFoundBanner claimsFoundBanner--${variant}`} role="status">
      <span className="claimsFoundBanner__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path fill="currentColor" d={ICONS[variant].path} />
        </svg>
      </span>
      <div className="claimsFoundBanner__body">
        {showCount && (
          <span className="claimsFoundBanner__count" aria-hidden="true">
            {count}
          </span>
        )}
        <p className="claimsFoundBanner__message">{message}</p>
      </div>
    </div>
  );
}
