import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, setupBrowser, signIn } from '../helpers/browser';

// A text a page shows must never be a message key ("notifications.event_published"): that is what a
// missing or unreadable translation looks like. Every key of both message files is checked against every
// text node and every labelling attribute of the pages a signed-in attendee sees, in Polish and English,
// with a notification in the bell (its text is translated on the server, outside React), on the
// messages pages too.

const browser = setupBrowser();

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : keysOf(value, `${prefix}${name}.`),
  );
}

const messages = (locale: string): Tree =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../src/i18n/messages/${locale}.json`), 'utf8'),
  );
const allKeys = new Set([...keysOf(messages('pl')), ...keysOf(messages('en'))]);

/** Every text node and labelling attribute of the page, hidden ones included (a closed dropdown). */
function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE') texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts.map((t) => t.trim()).filter(Boolean);
  });
}

describe('no page shows a message key', () => {
  it('an attendee with an answered review sees translated texts on every page, in Polish and English', async () => {
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const me = (await callFromPage(company, 'GET', '/api/user')).json as {
      data: { id: number; places: { id: number }[] };
    };
    const placeId = me.data.places[0]?.id;
    // The demo company's plan lets attendees write to it, so its conversation page opens (empty).
    const ownerId = me.data.id;
    expect(placeId).toBeDefined();

    const visitor = await browser.context();
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const added = await callFromPage(user, 'POST', '/api/place/add_comment', {
      place_id: placeId,
      stars: 5,
      comment: 'Świetne koncerty i miła obsługa.',
    });
    expect(added.status).toBe(201);
    const commentId = (added.json as { data: { id: number } }).data.id;
    const answered = await callFromPage(company, 'POST', `/api/place/answer_to_comment/${commentId}`, {
      answer: 'Dziękujemy, zapraszamy ponownie!',
    });
    expect(answered.status).toBe(200);
    const event = (await callFromPage(user, 'GET', '/api/event?per_page=1')).json as {
      data: { id: number }[];
    };

    const pages = [
      '/',
      '/list',
      `/places/${placeId}`,
      `/event/${event.data[0]?.id}`,
      '/favourite',
      '/calendar',
      '/profile',
      '/messages',
      `/messages/${ownerId}`,
    ];
    for (const locale of ['pl', 'en']) {
      await visitor.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
      for (const pathname of pages) {
        await user.goto(pathname);
        const keys = (await textsOf(user)).filter((text) => allKeys.has(text));
        expect(keys, `${pathname} in ${locale}`).toEqual([]);
      }
      // The bell's newest notification is the answer, in words.
      await user.goto('/');
      const bell = user.locator('header details', {
        has: user.locator(`summary[aria-label^="${locale === 'pl' ? 'Powiadomienia' : 'Notifications'}"]`),
      });
      await bell.locator('summary').first().click();
      const newest = bell.locator('li button').first();
      await expect
        .poll(() => newest.textContent())
        .toMatch(locale === 'pl' ? /odpowiada na Twoją opinię$/ : /answered your review$/);
    }
    await owner.close();
    await visitor.close();
  });
});
