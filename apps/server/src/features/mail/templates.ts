import type { MailMessage } from "../../mail/mail-message";

/**
 * The two account e-mails (issue #3 E-mail): verification and password reset, each as HTML with the
 * link as a button and as plain text, and as a text part. Tables and inline styles, as mail clients
 * need; the colours follow the app's rose accent.
 */

export interface AccountMailInput {
  to: string;
  /** The person's display name, when known. */
  username: string | null;
  url: string;
}

const BRAND = "Heartline";
const ACCENT = "#e11d48";

export function verificationMail({ to, username, url }: AccountMailInput): MailMessage {
  const greeting = username ? `Hi ${username},` : "Hi,";
  const lines = [
    "Please confirm your email address to finish setting up your Heartline account.",
    "This link is valid for one hour. If you did not create an account, you can ignore this email.",
  ];
  return {
    to,
    subject: "Verify your email for Heartline",
    text: [greeting, "", lines[0], "", url, "", lines[1], "", `— ${BRAND}`].join("\n"),
    html: layout({
      title: "Verify your email",
      greeting,
      lead: lines[0] ?? "",
      button: "Verify Email",
      url,
      note: lines[1] ?? "",
    }),
    links: [url],
  };
}

export function passwordResetMail({ to, username, url }: AccountMailInput): MailMessage {
  const greeting = username ? `Hi ${username},` : "Hi,";
  const lines = [
    "We received a request to reset the password of your Heartline account.",
    "This link is valid for one hour. If you did not ask for a new password, you can ignore this email; your password stays the same.",
  ];
  return {
    to,
    subject: "Reset your Heartline password",
    text: [greeting, "", lines[0], "", url, "", lines[1], "", `— ${BRAND}`].join("\n"),
    html: layout({
      title: "Reset your password",
      greeting,
      lead: lines[0] ?? "",
      button: "Reset Password",
      url,
      note: lines[1] ?? "",
    }),
    links: [url],
  };
}

interface LayoutInput {
  title: string;
  greeting: string;
  lead: string;
  button: string;
  url: string;
  note: string;
}

function layout(input: LayoutInput): string {
  const url = escapeHtml(input.url);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:${ACCENT};padding:20px 28px;color:#ffffff;font-size:22px;font-weight:700">&#10084; ${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${escapeHtml(input.greeting)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">${escapeHtml(input.lead)}</p>
<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:10px">${escapeHtml(input.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b">Or copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}" style="color:${ACCENT}">${url}</a></p>
<p style="margin:0;font-size:13px;color:#71717a;line-height:1.5">${escapeHtml(input.note)}</p>
</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#a1a1aa">${BRAND} · anonymous chat</p>
</td></tr>
</table>
</body>
</html>`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
