/** The brand's privacyFormDisclaimer, with its credit report link opening the privacy link in a new tab. */
import { disclaimerHref, disclaimerParts } from "../../engine/disclaimerParts";

export function PrivacyDisclaimer({
  text,
  privacyFormLink,
  fill,
  tone = "small",
}: {
  text: string;
  privacyFormLink?: string;
  fill: (text: string) => string;
  tone?: "normal" | "small";
}) {
  const parts = disclaimerParts(text, fill);
  return (
    <p className={`paragraph paragraph--${tone} privacy-disclaimer`}>
      {parts.before}
      {parts.link !== null && (
        <a href={disclaimerHref(privacyFormLink)} target="_blank" rel="noopener noreferrer">
          {parts.link}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      {parts.after}
    </p>
  );
}
