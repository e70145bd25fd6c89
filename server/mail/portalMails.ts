/** The mails the portal's features send: a claim's new stage, a code that confirms a change, a changed payout account. Plain text. */
import type { OutgoingMail } from "./transport";

export function stageChangedMail(input: {
  to: string;
  brandName: string;
  lenderName: string;
  claimReference: string;
  stageLabel: string;
  next: string;
  portalLink: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `Your ${input.lenderName} claim: ${input.stageLabel}`,
    text: [
      "Hello,",
      "",
      `Your claim against ${input.lenderName} (reference ${input.claimReference}) has moved to a new stage: ${input.stageLabel}.`,
      "",
      input.next,
      "",
      "See your claim's progress in your portal:",
      input.portalLink,
      "",
      input.brandName,
    ].join("\n"),
  };
}

export function confirmationCodeMail(input: { to: string; brandName: string; code: string; minutes: number; what: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `Your ${input.brandName} confirmation code: ${input.code}`,
    text: [
      "Hello,",
      "",
      `To confirm ${input.what}, enter this code in your ${input.brandName} portal:`,
      "",
      input.code,
      "",
      `The code expires in ${input.minutes} minutes.`,
      "If you did not ask for this, someone may know your password: change it and contact us. Nothing has changed yet.",
      "",
      input.brandName,
    ].join("\n"),
  };
}

export function payoutAccountChangedMail(input: { to: string; brandName: string; masked: string; portalLink: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `Your ${input.brandName} payout account was changed`,
    text: [
      "Hello,",
      "",
      `The bank account your compensation will be paid into is now ${input.masked}.`,
      "",
      "If you did not make this change, contact us straight away. You can see your details in your portal:",
      input.portalLink,
      "",
      input.brandName,
    ].join("\n"),
  };
}

/** To the old address after an email change: if it was not them, they know at once. */
export function emailChangedMail(input: { to: string; brandName: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `Your ${input.brandName} email address was changed`,
    text: [
      "Hello,",
      "",
      `The email address of your ${input.brandName} account was changed, and we will write to the new address from now on.`,
      "If you did not make this change, contact us straight away.",
      "",
      input.brandName,
    ].join("\n"),
  };
}
