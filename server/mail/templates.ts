/** The words of the mails the service sends. Plain text: no HTML to escape, nothing to render. */
import type { OutgoingMail } from "./transport";

export function passwordResetMail(input: { to: string; brandName: string; link: string; minutes: number }): OutgoingMail {
  return {
    to: input.to,
    subject: `Reset your ${input.brandName} password`,
    text: [
      "Hello,",
      "",
      `Someone asked to reset the password for your ${input.brandName} account. To choose a new password, open this link:`,
      "",
      input.link,
      "",
      `The link works once and expires in ${input.minutes} minutes.`,
      "If you did not ask for this, you can ignore this email: your password has not changed.",
      "",
      input.brandName,
    ].join("\n"),
  };
}
