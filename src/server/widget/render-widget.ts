import 'server-only';
import { createHash } from 'node:crypto';
import { translate } from '@/i18n/translate';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { type WidgetTheme, widgetHeightMessage } from '@/lib/widget';
import { escapeHtml } from '@/server/mail/templates';

// The widget is one small HTML page built here as a string: no framework, no JavaScript it needs
// (the one inline script only tells a script snippet its height), so that it stays far below the
// 15 KB a host page may spend on it (issue 17) and renders in any frame, even with scripts off.

export interface WidgetEvent {
  id: number;
  name: string;
  /** Issue 31: the language the name is written in; the widget's, or the other one where the event has none. */
  lang: Locale;
  startDate: string;
  placeName: string | null;
  city: string;
  /** Who paid for its running promotion (issue 28), null when it is not promoted. */
  sponsor: string | null;
  /** Issue 33: registration on the portal and the places left, when the event takes it. */
  registration?: { state: 'register' | 'waiting_list' | 'full'; spots_left: number } | null;
}

const style = [
  'html{color-scheme:light}',
  'html.dark{color-scheme:dark}',
  'body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}',
  '.dark body{color:#e2e8f0;background:#0f172a}',
  'main{padding:12px 14px}',
  'h1{margin:0 0 8px;font-size:16px}',
  'ol{margin:0;padding:0;list-style:none}',
  'li{padding:8px 0;border-top:1px solid #e2e8f0}',
  '.dark li{border-color:#334155}',
  'a{color:#1d4ed8;font-weight:600;overflow-wrap:anywhere}',
  '.dark a{color:#93c5fd}',
  'p{margin:2px 0 0;color:#475569}',
  '.dark p{color:#94a3b8}',
  '.more{margin-top:8px;font-size:13px}',
  'details{margin-top:2px;font-size:12px;color:#475569}',
  '.dark details{color:#94a3b8}',
  'summary{cursor:pointer;font-weight:600;text-transform:uppercase}',
].join('');

// Posts the page's height to the frame's parent on load and whenever it changes (a narrower frame
// wraps names onto more lines). The height is no secret, so any parent may read it.
const script = `(function(){if(parent===window)return;var h=0;function s(){var n=Math.ceil(document.body.getBoundingClientRect().height);if(n!==h){h=n;parent.postMessage({type:${JSON.stringify(widgetHeightMessage)},height:n},"*")}}addEventListener("load",s);addEventListener("resize",s);s()})()`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources of the page's one style and one script: nothing else may run or style it. */
export const widgetInlineSources = { style: sha256(style), script: sha256(script) };

function page({
  lang,
  theme,
  title,
  body,
}: {
  lang: Locale;
  theme: WidgetTheme;
  title: string;
  body: string;
}): string {
  return `<!doctype html><html lang="${lang}" class="${theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><base target="_blank"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main><script>${script}</script></body></html>`;
}

// Links open in a new tab (<base target>), said once and referred to by every link.
const newTabId = 'n';
const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" aria-describedby="${newTabId}">${text}</a>`;

// A name or place of the longest kind allowed (200 characters, each escaped to up to 6 bytes) would
// alone break the budget at 20 events: each is cut to a number of bytes as sent, with an ellipsis.
const nameBytes = 200;
const whereBytes = 120;
// The sentence naming who paid: "Ad. Paid for by" and a company name of up to about 80 bytes.
const sponsorBytes = 110;
const utf8 = new TextEncoder();

/** `text` escaped for HTML, cut (with "…") so that it takes at most `max` bytes of UTF-8. */
export function clipEscaped(text: string, max: number): string {
  const whole = escapeHtml(text);
  if (utf8.encode(whole).length <= max) return whole;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const piece = escapeHtml(char);
    const size = utf8.encode(piece).length;
    if (bytes + size > max - 3) break;
    out += piece;
    bytes += size;
  }
  return `${out}…`;
}

/**
 * Issue 28 (EU DSA art. 26): a promoted event's label and, behind it, who paid. A <details> needs no
 * script, and sits after the event's link rather than inside it.
 */
function sponsoredLabel(lang: Locale) {
  const label = escapeHtml(translate(lang, 'ads.label'));
  return (sponsor: string) =>
    `<details><summary>${label}</summary>${clipEscaped(translate(lang, 'ads.details', { company: sponsor }), sponsorBytes)}</details>`;
}

/** The widget's list: each event's name (to its page, in a new tab), its start and its place. */
export function renderWidget({
  events,
  lang,
  theme,
  eventUrl,
  moreUrl,
}: {
  events: WidgetEvent[];
  lang: Locale;
  theme: WidgetTheme;
  eventUrl: (id: number) => string;
  moreUrl: string;
}): string {
  const sponsored = sponsoredLabel(lang);
  const items = events.map((e) => {
    const where = [e.placeName, e.city].filter(Boolean).join(', ');
    const start = new Date(e.startDate).toISOString().replace('.000Z', 'Z');
    const name = clipEscaped(e.name, nameBytes);
    const shown = e.lang === lang ? name : `<span lang="${e.lang}">${name}</span>`;
    const note = e.lang === lang ? '' : ` · ${escapeHtml(translate(lang, `content.only_in.${e.lang}`))}`;
    const registration = e.registration
      ? ` · <strong>${escapeHtml(translate(lang, `events.registration.${e.registration.state}`, { count: e.registration.spots_left }))}</strong>`
      : '';
    return `<li>${link(eventUrl(e.id), shown)}<p><time datetime="${start}">${formatDateTime(e.startDate)}</time>${where ? ` · ${clipEscaped(where, whereBytes)}` : ''}${note}${registration}</p>${e.sponsor === null ? '' : sponsored(e.sponsor)}</li>`;
  });
  const title = translate(lang, 'widget.title');
  const list = items.length
    ? `<ol>${items.join('')}</ol>`
    : `<p>${escapeHtml(translate(lang, 'widget.empty'))}</p>`;
  return page({
    lang,
    theme,
    title,
    body: `<h1>${escapeHtml(title)}</h1>${list}<p class="more">${link(moreUrl, escapeHtml(translate(lang, 'widget.more')))}</p><span id="${newTabId}" hidden>${escapeHtml(translate(lang, 'widget.new_tab'))}</span>`,
  });
}

/** A widget with settings it cannot show: what is wrong, in the page's language, still frameable. */
export function renderWidgetError({
  lang,
  theme,
  problems,
}: {
  lang: Locale;
  theme: WidgetTheme;
  problems: string[];
}): string {
  const title = translate(lang, 'widget.invalid');
  const list = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return page({ lang, theme, title, body: `<h1>${escapeHtml(title)}</h1><ul>${list}</ul>` });
}
