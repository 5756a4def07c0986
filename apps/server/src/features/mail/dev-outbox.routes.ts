import { ACCOUNT_PATHS, SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AppConfig } from "../../config";
import { AppError } from "../../errors/app-error";
import { isLocalDirectRequest } from "../../lib/local-request";
import type { OutboxEntry, OutboxTransport } from "../../mail/outbox-transport";
import { escapeHtml } from "./templates";

const PAGE_SIZE = 20;
const latestQuerySchema = z.object({ to: z.string().trim().min(3).max(320) });

/**
 * The dev outbox page (issue #3 E-mail; ARCHITECTURE §3): the newest mails with their links, so a
 * developer can finish sign-up without SMTP. It holds everyone's verification and reset links, so it is
 * not registered at all unless `config.devOutbox` (development, a local PUBLIC_URL, no SMTP), and even
 * then it answers only requests made on this machine, straight to it (issue #10 hole 1).
 * Plain HTML without scripts: the strict CSP applies to it too.
 */
export interface DevOutboxDeps {
  isEnabled: AppConfig["devOutbox"];
  outbox: OutboxTransport | null;
}

export const devOutboxRoutes =
  ({ isEnabled, outbox }: DevOutboxDeps): FastifyPluginAsync =>
  async (app) => {
    if (!isEnabled || !outbox) return;

    app.addHook("onRequest", async (request) => {
      if (!isLocalDirectRequest(request)) throw new AppError("forbidden", SERVER_MESSAGES.devOutboxLocalOnly);
    });

    app.get(ACCOUNT_PATHS.devOutbox, async (_request, reply) => {
      const entries = await outbox.list(PAGE_SIZE);
      reply.header("cache-control", "no-store");
      return reply.type("text/html; charset=utf-8").send(renderPage(entries));
    });

    app.get(`${ACCOUNT_PATHS.devOutbox}/latest.json`, async (request, reply) => {
      const query = latestQuerySchema.safeParse(request.query);
      if (!query.success) throw new AppError("bad_request", SERVER_MESSAGES.devOutboxAddressRequired);
      const [latest] = await outbox.list(1, query.data.to);
      if (!latest) throw new AppError("not_found", SERVER_MESSAGES.devOutboxEmpty);
      reply.header("cache-control", "no-store");
      return latest;
    });
  };

function renderPage(entries: OutboxEntry[]): string {
  const rows = entries
    .map((entry) => {
      const links = entry.links
        .map((link) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
        .join("<br>");
      return `<tr><td>${escapeHtml(new Date(entry.sentAt).toISOString().replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(entry.to)}</td><td>${escapeHtml(entry.subject)}</td><td class="links">${links}</td></tr>`;
    })
    .join("\n");
  const empty = "No e-mails yet. Sign up or ask for a password reset, then reload this page.";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Heartline</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;background:#fafafa;color:#18181b}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#f4f4f5}a{color:#fda4af}}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d4d4d8;vertical-align:top}
td.links{word-break:break-all}a{color:#e11d48}
</style></head>
<body>
<h1>Dev outbox</h1>
<p>The ${PAGE_SIZE} newest e-mails written to <code>DATA_DIR/outbox</code> (development only).</p>
${entries.length === 0 ? `<p>${empty}</p>` : `<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Links</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body>
</html>`;
}
