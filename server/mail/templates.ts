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

export function saveReturnMail(input: { to: string; brandName: string; link: string; days: number }): OutgoingMail {
  return {
    to: input.to,
    subject: `Finish your ${input.brandName} claim`,
    text: [
      "Hello,",
      "",
      `You asked to finish your ${input.brandName} claim later. To carry on where you left off, on this or any other device, open this link:`,
      "",
      input.link,
      "",
      `The link works once and expires in ${input.days} days.`,
      "If you did not ask for this, you can ignore this email.",
      "",
      input.brandName,
    ].join("\n"),
  };
}

export function emailVerificationMail(input: { to: string; brandName: string; link: string; code: string; hours: number }): OutgoingMail {
  return {
    to: input.to,
    subject: `Confirm your email address for ${input.brandName}`,
    text: [
      "Hello,",
      "",
      `To confirm this is your email address and sign in to your ${input.brandName} account from any device, open this link and sign in:`,
      "",
      input.link,
      "",
      `Or enter this code when asked: ${input.code}`,
      "",
      `The link and the code expire in ${input.hours} hours.`,
      "If you did not create an account, you can ignore this email.",
      "",
      input.brandName,
    ].join("\n"),
  };
}

/** The code that proves a funnel visitor reads the email they gave (account setup). Says nothing about any account. */
export function claimEmailCodeMail(input: { to: string; brandName: string; code: string; minutes: number }): OutgoingMail {
  return {
    to: input.to,
    subject: `Your ${input.brandName} code: ${input.code}`,
    text: [
      "Hello,",
      "",
      `To confirm this is your email address, enter this code where you are setting up your ${input.brandName} account:`,
      "",
      input.code,
      "",
      `The code expires in ${input.minutes} minutes.`,
      "If you did not ask for this, you can ignore this email.",
      "",
      input.brandName,
    ].join("\n"),
  };
}
