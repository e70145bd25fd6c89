/**
 * The mails the service sends a consumer, worded by the shared content's `mails` (definitions/content/site.json, and
 * its translations) in the consumer's language (language/consumerLanguage.ts). Plain text: no HTML to escape, nothing to render.
 */
import { fillPlaceholders } from "../../engine/copy";
import type { MAIL_PLACEHOLDERS, MailKey } from "../../schema/content.schema";
import type { SiteContent } from "../../schema/types";
import type { OutgoingMail } from "./transport";

/** Every mail's wording in one language. */
export type MailWording = SiteContent["mails"];

/** The values a mail's code fills into its placeholders ({brandName} comes with every mail). */
export type MailValues<K extends MailKey> = Record<(typeof MAIL_PLACEHOLDERS)[K][number], string | number>;

export function composeMail<K extends MailKey>(
  wording: MailWording,
  key: K,
  input: { to: string; brandName: string; values: MailValues<K> },
): OutgoingMail {
  const values = { ...(input.values as Record<string, string | number>), brandName: input.brandName };
  const fill = (text: string) => fillPlaceholders(text, values);
  const { subject, body } = wording[key];
  // Signed off with the brand's name, which is a name and never translated.
  return { to: input.to, subject: fill(subject), text: [...body.map(fill), input.brandName].join("\n\n") };
}
