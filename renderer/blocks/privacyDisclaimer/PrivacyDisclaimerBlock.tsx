/** The brand's privacyFormDisclaimer where consent is given; nothing when the brand has none. */
import { PrivacyDisclaimer } from "../../content/PrivacyDisclaimer";
import type { BlockComponentProps } from "../../runtime/runtime";

export function PrivacyDisclaimerBlock({ block, runtime }: BlockComponentProps<"privacyDisclaimer">) {
  const text = runtime.brand.privacyFormDisclaimer;
  if (!text) return null;
  return <PrivacyDisclaimer text={text} privacyFormLink={runtime.brand.privacyFormLink} fill={runtime.fill} tone={block.props?.tone} />;
}
