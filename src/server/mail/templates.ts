import 'server-only';
import { getConfig } from '@/config';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';

export type MailTemplate =
  | 'verify_email'
  | 'password_set'
  | 'password_reset'
  | 'newsletter_confirm'
  | 'email_changed'
  | 'password_changed'
  | 'registration_attempt'
  | 'new_message'
  | 'event_reminder'
  | 'payment_received'
  | 'refund_done'
  | 'plan_ending'
  | 'plan_expired'
  | 'promotion_report'
  | 'place_verified'
  | 'place_rejected'
  | 'walk_verified'
  | 'walk_rejected'
  | 'registration_confirmed'
  | 'registration_pending'
  | 'registration_waiting'
  | 'registration_offered'
  | 'registration_declined'
  | 'registration_expired';

export interface MailParams {
  /** Absolute http(s) URL the mail's button leads to. */
  link: string;
  name?: string | null;
  /** What the texts of the template name besides `name` and `link` (`sender`, `event`). */
  values?: Record<string, string>;
  /** Absolute link that turns these mails off; shown in the footer of mails sent by choice. */
  unsubscribe?: string;
  /** An image attached to the mail and shown under its text (a ticket's QR code), with its text for readers. */
  image?: { cid: string; alt: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

function assertHttpUrl(link: string): void {
  const protocol = URL.canParse(link) ? new URL(link).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new Error(`mail link must be an absolute http(s) URL`);
}

/** A link to one of our pages in the mail's language: an English mail's links open /en pages (issue 31). */
function inLanguage(link: string, locale: Locale): string {
  const { publicUrl } = getConfig();
  if (!link.startsWith(`${publicUrl}/`)) return link;
  return publicUrl + localeHref(link.slice(publicUrl.length), locale);
}

/** Subject, plain text and HTML of one mail in the recipient's language. */
export function renderMail({
  template,
  locale,
  params: given,
}: {
  template: MailTemplate;
  locale: Locale;
  params: MailParams;
}): RenderedMail {
  assertHttpUrl(given.link);
  if (given.unsubscribe) assertHttpUrl(given.unsubscribe);
  const params: MailParams = {
    ...given,
    link: inLanguage(given.link, locale),
    ...(given.unsubscribe ? { unsubscribe: inLanguage(given.unsubscribe, locale) } : {}),
  };
  const name = params.name?.trim();
  const values: Record<string, string> = { ...params.values, link: params.link, ...(name ? { name } : {}) };
  const t = (key: string) => translate(locale, `mail.${key}`, values);

  const greeting = t(name ? 'greeting' : 'greeting_no_name');
  const subject = t(`${template}.subject`);
  const body = t(`${template}.body`);
  const action = t(`${template}.action`);
  const footer = t('footer');
  const brand = t('brand');
  const unsubscribe = params.unsubscribe ? { label: t('unsubscribe'), link: params.unsubscribe } : null;

  const signature = [footer, unsubscribe && `${unsubscribe.label}:\n${unsubscribe.link}`, brand].filter(
    Boolean,
  );
  const text = [greeting, body, `${action}:\n${params.link}`, `-- \n${signature.join('\n')}`].join('\n\n');

  // Every text is plain, so escaping each whole string also escapes every parameter inside it.
  const e = escapeHtml;
  const link = e(params.link);
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:bold;color:#1e3a8a">${e(brand)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827">${e(greeting)}</h1>
<p style="margin:0 0 24px">${e(body)}</p>
${params.image ? `<p style="margin:0 0 24px;text-align:center"><img src="cid:${e(params.image.cid)}" width="240" height="240" alt="${e(params.image.alt)}" style="display:inline-block;width:240px;height:240px"></p>\n` : ''}<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">${e(action)}</a></p>
<p style="margin:0;font-size:14px;color:#4b5563;word-break:break-all"><a href="${link}" style="color:#1d4ed8">${link}</a></p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:13px;color:#4b5563">${e(footer)}${
    unsubscribe
      ? `<br><a href="${e(unsubscribe.link)}" style="color:#4b5563">${e(unsubscribe.label)}</a>`
      : ''
  }</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
