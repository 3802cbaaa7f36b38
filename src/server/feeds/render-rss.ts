import type { FeedDocument } from './feed-document';

// RSS 2.0 (https://www.rssboard.org/rss-specification) with atom:link rel="self", as feed validators ask.

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF): user
// text may hold them, and one would make the whole feed unreadable. Lone surrogates go with toWellFormed.
const notXml =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data or an attribute value. */
export function xmlText(value: string): string {
  return value
    .toWellFormed()
    .replace(notXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** RFC 822 dates, as RSS 2.0 wants them ("Tue, 01 Dec 2026 18:00:00 GMT"). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** The feed as an RSS 2.0 channel; an item's date is its event's start, the order readers show it in. */
export function renderRss(doc: FeedDocument): string {
  const items = doc.items.map((item) =>
    [
      '<item>',
      // Issue 31: an item's own language where it is not the channel's (xml:lang, as readers take it).
      item.lang === doc.locale
        ? element('title', item.name)
        : `<title xml:lang="${item.lang}">${xmlText(item.name)}</title>`,
      element('link', item.url),
      `<guid isPermaLink="true">${xmlText(item.url)}</guid>`,
      element('pubDate', rfc822(item.start)),
      element('description', item.summary),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', doc.title),
    element('link', doc.homeUrl),
    element('description', doc.description),
    element('language', doc.locale),
    `<atom:link href="${xmlText(doc.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
