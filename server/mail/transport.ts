/**
 * Outgoing mail behind one interface. The sandbox transport (the default, and
 * the only one so far) keeps sent mails in memory so that development and the
 * tests can read them: GET /api/dev/mail?to=… outside production. Nothing is
 * delivered anywhere. A real transport (SMTP, a provider's HTTP API) would
 * implement the same `send`.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64: kept as text so the dev mailbox can hand it out as JSON. */
  contentBase64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface SentMail extends OutgoingMail {
  id: number;
  sentAt: string;
}

export interface MailTransport {
  readonly kind: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Keeps the latest mails (oldest dropped first) for the dev read endpoint. */
export class SandboxMailbox implements MailTransport {
  readonly kind = "sandbox";
  private readonly mails: SentMail[] = [];
  private nextId = 1;

  constructor(private readonly capacity = 500) {}

  async send(mail: OutgoingMail): Promise<void> {
    this.mails.push({ ...mail, to: mail.to.toLowerCase(), id: this.nextId++, sentAt: new Date().toISOString() });
    if (this.mails.length > this.capacity) this.mails.splice(0, this.mails.length - this.capacity);
  }

  /** Newest first; only the given recipient's mails when `to` is set. */
  list(to?: string): SentMail[] {
    const wanted = to?.trim().toLowerCase();
    return this.mails.filter((m) => !wanted || m.to === wanted).reverse();
  }
}
