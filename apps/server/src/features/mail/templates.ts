import { DEFAULT_SITE_LOCALE, type SiteLocale, siteLocaleDirection } from "@heartline/shared";
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
  /** The language stored on the account (issue #39); English when none. */
  locale?: SiteLocale | null;
}

const BRAND = "Heartline";
const ACCENT = "#e11d48";

interface MailTexts {
  subject: string;
  title: string;
  lead: string;
  button: string;
  note: string;
}

interface LocaleTexts {
  greeting: (username: string) => string;
  greetingNoName: string;
  copyLink: string;
  footer: string;
  verification: MailTexts;
  reset: MailTexts;
}

/**
 * Issue #39: the two e-mails in each language of the site. English is the original wording (tests and
 * the dev outbox read its subjects); the others say the same, as a native speaker writes it.
 */
export const ACCOUNT_MAIL_TEXTS: Record<SiteLocale, LocaleTexts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    greetingNoName: "Hi,",
    copyLink: "Or copy this link into your browser:",
    footer: "anonymous chat",
    verification: {
      subject: "Verify your email for Heartline",
      title: "Verify your email",
      lead: "Please confirm your email address to finish setting up your Heartline account.",
      button: "Verify Email",
      note: "This link is valid for one hour. If you did not create an account, you can ignore this email.",
    },
    reset: {
      subject: "Reset your Heartline password",
      title: "Reset your password",
      lead: "We received a request to reset the password of your Heartline account.",
      button: "Reset Password",
      note: "This link is valid for one hour. If you did not ask for a new password, you can ignore this email; your password stays the same.",
    },
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    greetingNoName: "Hola:",
    copyLink: "O copia este enlace en tu navegador:",
    footer: "chat anónimo",
    verification: {
      subject: "Verifica tu correo en Heartline",
      title: "Verifica tu correo",
      lead: "Confirma tu dirección de correo para terminar de configurar tu cuenta de Heartline.",
      button: "Verificar correo",
      note: "Este enlace es válido durante una hora. Si no creaste ninguna cuenta, puedes ignorar este correo.",
    },
    reset: {
      subject: "Restablece tu contraseña de Heartline",
      title: "Restablece tu contraseña",
      lead: "Recibimos una solicitud para restablecer la contraseña de tu cuenta de Heartline.",
      button: "Restablecer contraseña",
      note: "Este enlace es válido durante una hora. Si no pediste una contraseña nueva, puedes ignorar este correo; tu contraseña sigue siendo la misma.",
    },
  },
  "pt-BR": {
    greeting: (name) => `Olá, ${name},`,
    greetingNoName: "Olá,",
    copyLink: "Ou copie este link no seu navegador:",
    footer: "chat anônimo",
    verification: {
      subject: "Verifique seu e-mail no Heartline",
      title: "Verifique seu e-mail",
      lead: "Confirme seu endereço de e-mail para concluir a configuração da sua conta do Heartline.",
      button: "Verificar e-mail",
      note: "Este link é válido por uma hora. Se você não criou uma conta, pode ignorar este e-mail.",
    },
    reset: {
      subject: "Redefina sua senha do Heartline",
      title: "Redefina sua senha",
      lead: "Recebemos um pedido para redefinir a senha da sua conta do Heartline.",
      button: "Redefinir senha",
      note: "Este link é válido por uma hora. Se você não pediu uma nova senha, pode ignorar este e-mail; sua senha continua a mesma.",
    },
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    greetingNoName: "Bonjour,",
    copyLink: "Ou copiez ce lien dans votre navigateur :",
    footer: "chat anonyme",
    verification: {
      subject: "Vérifiez votre e-mail pour Heartline",
      title: "Vérifiez votre e-mail",
      lead: "Confirmez votre adresse e-mail pour terminer la création de votre compte Heartline.",
      button: "Vérifier l’e-mail",
      note: "Ce lien est valable une heure. Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    reset: {
      subject: "Réinitialisez votre mot de passe Heartline",
      title: "Réinitialisez votre mot de passe",
      lead: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Heartline.",
      button: "Réinitialiser le mot de passe",
      note: "Ce lien est valable une heure. Si vous n’avez pas demandé de nouveau mot de passe, vous pouvez ignorer cet e-mail ; votre mot de passe reste le même.",
    },
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    greetingNoName: "Hallo,",
    copyLink: "Oder kopiere diesen Link in deinen Browser:",
    footer: "anonymer Chat",
    verification: {
      subject: "Bestätige deine E-Mail-Adresse für Heartline",
      title: "Bestätige deine E-Mail-Adresse",
      lead: "Bitte bestätige deine E-Mail-Adresse, um die Einrichtung deines Heartline-Kontos abzuschließen.",
      button: "E-Mail bestätigen",
      note: "Dieser Link ist eine Stunde lang gültig. Wenn du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.",
    },
    reset: {
      subject: "Setze dein Heartline-Passwort zurück",
      title: "Setze dein Passwort zurück",
      lead: "Wir haben eine Anfrage erhalten, das Passwort deines Heartline-Kontos zurückzusetzen.",
      button: "Passwort zurücksetzen",
      note: "Dieser Link ist eine Stunde lang gültig. Wenn du kein neues Passwort angefordert hast, kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.",
    },
  },
  hi: {
    greeting: (name) => `नमस्ते ${name},`,
    greetingNoName: "नमस्ते,",
    copyLink: "या यह लिंक अपने ब्राउज़र में कॉपी करें:",
    footer: "गुमनाम चैट",
    verification: {
      subject: "Heartline के लिए अपना ई-मेल सत्यापित करें",
      title: "अपना ई-मेल सत्यापित करें",
      lead: "अपना Heartline खाता सेट अप पूरा करने के लिए कृपया अपने ई-मेल पते की पुष्टि करें।",
      button: "ई-मेल सत्यापित करें",
      note: "यह लिंक एक घंटे तक मान्य है। अगर आपने कोई खाता नहीं बनाया है, तो आप इस ई-मेल को अनदेखा कर सकते हैं।",
    },
    reset: {
      subject: "अपना Heartline पासवर्ड रीसेट करें",
      title: "अपना पासवर्ड रीसेट करें",
      lead: "हमें आपके Heartline खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।",
      button: "पासवर्ड रीसेट करें",
      note: "यह लिंक एक घंटे तक मान्य है। अगर आपने नया पासवर्ड नहीं माँगा है, तो आप इस ई-मेल को अनदेखा कर सकते हैं; आपका पासवर्ड वही रहेगा।",
    },
  },
  id: {
    greeting: (name) => `Hai ${name},`,
    greetingNoName: "Hai,",
    copyLink: "Atau salin tautan ini ke browser-mu:",
    footer: "chat anonim",
    verification: {
      subject: "Verifikasi email-mu untuk Heartline",
      title: "Verifikasi email-mu",
      lead: "Konfirmasi alamat email-mu untuk menyelesaikan pembuatan akun Heartline.",
      button: "Verifikasi Email",
      note: "Tautan ini berlaku selama satu jam. Jika kamu tidak membuat akun, abaikan saja email ini.",
    },
    reset: {
      subject: "Atur ulang kata sandi Heartline-mu",
      title: "Atur ulang kata sandimu",
      lead: "Kami menerima permintaan untuk mengatur ulang kata sandi akun Heartline-mu.",
      button: "Atur Ulang Kata Sandi",
      note: "Tautan ini berlaku selama satu jam. Jika kamu tidak meminta kata sandi baru, abaikan saja email ini; kata sandimu tetap sama.",
    },
  },
  ar: {
    greeting: (name) => `مرحبًا ${name}،`,
    greetingNoName: "مرحبًا،",
    copyLink: "أو انسخ هذا الرابط في متصفحك:",
    footer: "دردشة مجهولة الهوية",
    verification: {
      subject: "تحقّق من بريدك الإلكتروني على Heartline",
      title: "تحقّق من بريدك الإلكتروني",
      lead: "يُرجى تأكيد عنوان بريدك الإلكتروني لإكمال إعداد حسابك على Heartline.",
      button: "تأكيد البريد الإلكتروني",
      note: "هذا الرابط صالح لمدة ساعة واحدة. إن لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.",
    },
    reset: {
      subject: "أعد تعيين كلمة مرور Heartline",
      title: "أعد تعيين كلمة المرور",
      lead: "تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك على Heartline.",
      button: "إعادة تعيين كلمة المرور",
      note: "هذا الرابط صالح لمدة ساعة واحدة. إن لم تطلب كلمة مرور جديدة، يمكنك تجاهل هذه الرسالة؛ وستبقى كلمة المرور كما هي.",
    },
  },
};

function accountMail(
  kind: "verification" | "reset",
  { to, username, url, locale }: AccountMailInput,
): MailMessage {
  const language = locale ?? DEFAULT_SITE_LOCALE;
  const texts = ACCOUNT_MAIL_TEXTS[language];
  const mail = texts[kind];
  const greeting = username ? texts.greeting(username) : texts.greetingNoName;
  return {
    to,
    subject: mail.subject,
    text: [greeting, "", mail.lead, "", url, "", mail.note, "", `— ${BRAND}`].join("\n"),
    html: layout({
      ...mail,
      greeting,
      url,
      locale: language,
      copyLink: texts.copyLink,
      footer: texts.footer,
    }),
    links: [url],
  };
}

export function verificationMail(input: AccountMailInput): MailMessage {
  return accountMail("verification", input);
}

export function passwordResetMail(input: AccountMailInput): MailMessage {
  return accountMail("reset", input);
}

interface LayoutInput {
  title: string;
  greeting: string;
  lead: string;
  button: string;
  url: string;
  note: string;
  locale: SiteLocale;
  copyLink: string;
  footer: string;
}

function layout(input: LayoutInput): string {
  const url = escapeHtml(input.url);
  return `<!doctype html>
<html lang="${input.locale}" dir="${siteLocaleDirection(input.locale)}">
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
<p style="margin:0 0 8px;font-size:13px;color:#52525b">${escapeHtml(input.copyLink)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}" style="color:${ACCENT}">${url}</a></p>
<p style="margin:0;font-size:13px;color:#71717a;line-height:1.5">${escapeHtml(input.note)}</p>
</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#a1a1aa">${BRAND} · ${escapeHtml(input.footer)}</p>
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
