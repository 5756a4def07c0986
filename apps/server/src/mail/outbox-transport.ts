import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { MailMessage, MailTransport } from "./mail-message";

/** A message as stored in the outbox (`<id>.json`, with the HTML also in `<id>.html`). */
export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  /** Epoch ms. */
  sentAt: number;
}

/** How many files the listing reads at most; older mail stays on disk, unread. */
const MAX_LISTED = 200;

/**
 * The dev outbox (ARCHITECTURE §3): without SMTP_URL every message is written to `DATA_DIR/outbox/`
 * and, in local development only (`config.devOutbox`), its links are logged, so the whole sign-up
 * flow works on a fresh machine. Anywhere else a link is a live sign-in or reset token: never logged.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = "outbox";

  constructor(
    readonly directory: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly isLoggingLinks: boolean,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const sentAt = Date.now();
    // Sortable by name: time first, then randomness for messages in the same millisecond.
    const id = `${sentAt.toString().padStart(15, "0")}-${randomBytes(4).toString("hex")}`;
    const entry: OutboxEntry = { ...message, id, from: this.from, sentAt };
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, `${id}.html`), message.html, { mode: 0o600 });
    await writeFile(path.join(this.directory, `${id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
    this.log.info(
      { to: message.to, subject: message.subject, ...(this.isLoggingLinks ? { links: message.links } : {}) },
      "e-mail written to the dev outbox",
    );
  }

  /** The newest messages first, optionally only those to one address (case-insensitive). */
  async list(limit: number, to?: string): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter((name) => name.endsWith(".json"));
    } catch {
      return [];
    }
    names.sort().reverse();
    const wanted = to?.trim().toLowerCase();
    const entries: OutboxEntry[] = [];
    for (const name of names.slice(0, MAX_LISTED)) {
      if (entries.length >= limit) break;
      const entry = await readEntry(path.join(this.directory, name));
      if (entry && (!wanted || entry.to.toLowerCase() === wanted)) entries.push(entry);
    }
    return entries;
  }
}

async function readEntry(file: string): Promise<OutboxEntry | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as OutboxEntry;
  } catch {
    return null;
  }
}
