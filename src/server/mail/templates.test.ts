import { describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { type MailTemplate, renderMail } from './templates';

const templates: MailTemplate[] = [
  'verify_email',
  'password_set',
  'password_reset',
  'newsletter_confirm',
  'email_changed',
  'password_changed',
  'registration_attempt',
  'new_message',
  'event_reminder',
];
const link = 'https://example.test/verify?token=abc&next=%2F';

describe('renderMail', () => {
  it.each(
    templates.flatMap(
      (template) =>
        [
          [template, 'pl'],
          [template, 'en'],
        ] as const,
    ),
  )('renders %s in %s with every text in place', (template, locale) => {
    const values = { sender: 'Filharmonia', event: 'Koncert' };
    const mail = renderMail({ template, locale, params: { link, name: 'Ala', values } });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/mail\.(brand|footer|[a-z]+_[a-z]+)|\{\w+\}/);
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain(`lang="${locale}"`);
    expect(mail.text).toContain('Ala');
  });

  it('writes Polish for pl and English for en', () => {
    const pl = renderMail({ template: 'verify_email', locale: 'pl', params: { link } });
    const en = renderMail({ template: 'verify_email', locale: 'en', params: { link } });
    expect(pl.subject).toBe('Potwierdź swój adres e-mail');
    expect(pl.html).toContain('Wydarzenia i Miejsca');
    expect(pl.text).toContain('48');
    expect(en.subject).toBe('Confirm your e-mail address');
    expect(en.html).toContain('Events &amp; Places');
    expect(en.text).toContain('Events & Places');
  });

  it('greets without a name when there is none', () => {
    const mail = renderMail({ template: 'password_reset', locale: 'pl', params: { link, name: ' ' } });
    expect(mail.text.split('\n')[0]).toBe('Dzień dobry!');
  });

  it('escapes every parameter in the HTML', () => {
    const name = '<script>alert("x")</script>';
    const hostile = 'https://example.test/?a="><img src=x onerror=alert(1)>';
    const mail = renderMail({ template: 'verify_email', locale: 'en', params: { link: hostile, name } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain(name);
  });

  it('shows the unsubscribe link only in mails sent by choice', () => {
    const unsubscribe = 'https://example.test/unsubscribe?token=7.abc';
    const values = { sender: 'Filharmonia' };
    const chosen = renderMail({
      template: 'new_message',
      locale: 'pl',
      params: { link, values, unsubscribe },
    });
    expect(chosen.text).toContain(unsubscribe);
    expect(chosen.html).toContain(`href="${unsubscribe}"`);
    expect(chosen.subject).toContain('Filharmonia');
    const required = renderMail({ template: 'verify_email', locale: 'pl', params: { link } });
    expect(required.text).not.toContain('/unsubscribe');
    expect(() =>
      renderMail({ template: 'new_message', locale: 'pl', params: { link, values, unsubscribe: '/x' } }),
    ).toThrow();
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    expect(() =>
      renderMail({ template: 'verify_email', locale: 'pl', params: { link: 'javascript:alert(1)' } }),
    ).toThrow();
    expect(() =>
      renderMail({ template: 'verify_email', locale: 'pl', params: { link: '/relative' } }),
    ).toThrow();
  });

  it('links an English mail to the English pages, and leaves other sites and the API alone', () => {
    const site = getConfig().publicUrl;
    const en = renderMail({
      template: 'new_message',
      locale: 'en',
      params: {
        link: `${site}/messages/7`,
        values: { sender: 'Filharmonia' },
        unsubscribe: `${site}/unsubscribe?token=7.abc`,
      },
    });
    expect(en.text).toContain(`${site}/en/messages/7`);
    expect(en.html).toContain(`href="${site}/en/unsubscribe?token=7.abc"`);
    const pl = renderMail({
      template: 'verify_email',
      locale: 'pl',
      params: { link: `${site}/user/verify/x` },
    });
    expect(pl.text).toContain(`${site}/user/verify/x`);
    const api = renderMail({
      template: 'verify_email',
      locale: 'en',
      params: { link: `${site}/api/unsubscribe?t=1` },
    });
    expect(api.text).toContain(`${site}/api/unsubscribe?t=1`);
    const other = renderMail({
      template: 'verify_email',
      locale: 'en',
      params: { link: 'https://example.test/x' },
    });
    expect(other.text).toContain('https://example.test/x');
  });
});
