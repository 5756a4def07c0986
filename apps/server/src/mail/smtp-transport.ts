import nodemailer from "nodemailer";
import type { MailMessage, MailTransport } from "./mail-message";

/** Real delivery over SMTP when SMTP_URL is set (ARCHITECTURE §3), e.g. smtps://user:pass@smtp.example.com. */
export class SmtpTransport implements MailTransport {
  readonly kind = "smtp";
  private readonly transporter: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  close(): void {
    this.transporter.close();
  }
}
