import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { MailMessage, MailTransport } from "../mail/mail-message";
import { OutboxTransport } from "../mail/outbox-transport";
import { SmtpTransport } from "../mail/smtp-transport";

/** Sends an e-mail over SMTP or into the dev outbox (ARCHITECTURE §2, §3). */
export interface Mailer {
  kind: MailTransport["kind"];
  send(message: MailMessage): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    /** The dev outbox when SMTP_URL is not set; null with SMTP. */
    outbox: OutboxTransport | null;
  }
}

export const OUTBOX_DIR_NAME = "outbox";

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, from } = app.config.mail;
    const outbox = smtpUrl
      ? null
      : new OutboxTransport(
          path.join(app.config.dataDir, OUTBOX_DIR_NAME),
          from,
          app.log,
          app.config.devOutbox,
        );
    const transport: MailTransport = outbox ?? new SmtpTransport(smtpUrl ?? "", from);
    app.decorate("outbox", outbox);
    app.decorate("mailer", {
      kind: transport.kind,
      send: (message: MailMessage) => transport.send(message),
    });
    app.addHook("onClose", async () => {
      await transport.close?.();
    });
  },
  { name: "mail", decorators: { fastify: ["config"] } },
);
