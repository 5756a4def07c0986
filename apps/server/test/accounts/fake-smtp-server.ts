import { once } from "node:events";
import { type AddressInfo, createServer, type Socket } from "node:net";

/**
 * A tiny, real SMTP server for tests (node:net on 127.0.0.1, a free port): enough of RFC 5321 for
 * nodemailer without TLS or auth. Every delivered message is recorded, decoded from quoted-printable,
 * with its links. `hold()` makes new connections wait for their greeting until `release()`, so a
 * test can see whether an answer waited for the mail.
 */
export interface DeliveredMail {
  to: string[];
  /** The message (headers and body), quoted-printable soft breaks and escapes undone. */
  text: string;
  links: string[];
}

export interface FakeSmtpServer {
  /** The SMTP_URL to configure, e.g. `smtp://127.0.0.1:41234`. */
  url: string;
  delivered: DeliveredMail[];
  hold(): void;
  release(): void;
  /** Resolves with the first message to `to` matching `accept` (now or later); rejects after `timeoutMs`. */
  waitForMail(
    to: string,
    accept?: (mail: DeliveredMail) => boolean,
    timeoutMs?: number,
  ): Promise<DeliveredMail>;
  close(): Promise<void>;
}

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const delivered: DeliveredMail[] = [];
  const waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();
  let isHolding = false;
  const greetingsOnHold: Array<() => void> = [];

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    const greet = () => {
      socket.write("220 fake-smtp ESMTP\r\n");
      converse(socket, (mail) => {
        delivered.push(mail);
        for (const wake of waiting.splice(0)) wake();
      });
    };
    if (isHolding) greetingsOnHold.push(greet);
    else greet();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");

  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delivered,
    hold: () => {
      isHolding = true;
    },
    release: () => {
      isHolding = false;
      for (const greet of greetingsOnHold.splice(0)) greet();
    },
    waitForMail: async (to, accept = () => true, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      const wanted = to.toLowerCase();
      for (;;) {
        const found = delivered.find((mail) => mail.to.includes(wanted) && accept(mail));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One SMTP session: commands line by line, DATA until the lone dot. */
function converse(socket: Socket, onMail: (mail: DeliveredMail) => void): void {
  let buffer = "";
  let recipients: string[] = [];
  let data: string[] | null = null;
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let end = buffer.indexOf("\r\n"); end !== -1; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === ".") {
          onMail(decodeMail(recipients, data.join("\r\n")));
          data = null;
          recipients = [];
          socket.write("250 2.0.0 queued\r\n");
        } else data.push(line.startsWith("..") ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") socket.write("250-fake-smtp\r\n250 8BITMIME\r\n");
      else if (verb === "RCPT") {
        recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? "").toLowerCase());
        socket.write("250 2.1.5 ok\r\n");
      } else if (verb === "DATA") {
        data = [];
        socket.write("354 go ahead\r\n");
      } else if (verb === "QUIT") socket.end("221 2.0.0 bye\r\n");
      else socket.write("250 ok\r\n");
    }
  });
}

function decodeMail(to: string[], raw: string): DeliveredMail {
  const text = raw
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { to, text, links };
}
