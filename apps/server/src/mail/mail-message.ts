/** One e-mail as the app composes it (ARCHITECTURE §2: nodemailer over SMTP, or the dev outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links in the message (the dev outbox lists them; tests follow them). */
  links: string[];
}

export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void> | void;
}
