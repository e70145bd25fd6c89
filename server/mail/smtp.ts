/**
 * Real mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465
 * or smtp://…:587 with STARTTLS) through nodemailer. Sending waits for the
 * server to accept the message, so a refused mail is an error the route sees.
 */
import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail } from "./transport";

export interface SmtpSettings {
  url: string;
  /** The From address ("FairDrive Claims <no-reply@fairdrive.example>"). */
  from: string;
  /** Per connection and per command, so a hung server cannot hold a request for long. */
  timeoutMs?: number;
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport & { close(): void } {
  const timeout = settings.timeoutMs ?? 10_000;
  const url = new URL(settings.url);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // smtp:// on a port other than 25 still insists on STARTTLS unless ?tls=off (a local test server).
    ignoreTLS: url.searchParams.get("tls") === "off",
    requireTLS: url.protocol === "smtp:" && url.searchParams.get("tls") !== "off",
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: "smtp",
    async send(mail: OutgoingMail): Promise<void> {
      await transporter.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: "base64",
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}
