import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, setupBrowser, signIn } from '../helpers/browser';

// Issue 12 point 2: the top bar's messages count and the bell's count change while a page stays open,
// through the live stream (GET /api/live), without a reload. Point 3: the bell's list stays on screen
// at 360 px, and opening a notification takes it off the list.

const browser = setupBrowser();

/** The number on a top-bar icon, read from its label ("…: 3"). */
async function countIn(page: Page, selector: string): Promise<number> {
  const label = (await page.locator(selector).first().getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+)$/)?.[1] ?? Number.NaN);
}

const messagesIcon = 'header a[href="/messages"]';
const bellSummary = 'header summary[aria-label^="Powiadomienia"]';

describe('live counts in the top bar', () => {
  it('the organiser’s messages icon counts a question the moment it is sent', async () => {
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const me = (await callFromPage(company, 'GET', '/api/user')).json as { data: { id: number } };
    const before = await countIn(company, messagesIcon);

    const visitor = await browser.context();
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const sent = await callFromPage(user, 'POST', '/api/message', {
      user_id: me.data.id,
      message: 'Czy na koncercie jest szatnia?',
    });
    expect(sent.status).toBe(201);

    await expect.poll(() => countIn(company, messagesIcon), { timeout: 10_000 }).toBe(before + 1);
    await expect
      .poll(() => company.locator(`${messagesIcon} span`).textContent(), { timeout: 10_000 })
      .toBe(String(before + 1));
    await owner.close();
    await visitor.close();
  });

  it('the attendee’s bell counts a new notification, stays on a 360 px screen, and opening one takes it off', async () => {
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const me = (await callFromPage(company, 'GET', '/api/user')).json as {
      data: { places: { id: number }[] };
    };
    // Not the first place: the message-keys test reviews that one.
    const placeId = me.data.places.at(-1)?.id;
    expect(placeId).toBeDefined();

    const visitor = await browser.context({ viewport: { width: 360, height: 740 } });
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const before = await countIn(user, bellSummary);

    const added = await callFromPage(user, 'POST', '/api/place/add_comment', {
      place_id: placeId,
      stars: 4,
      comment: 'Dobra akustyka, wygodne fotele.',
    });
    expect(added.status).toBe(201);
    const commentId = (added.json as { data: { id: number } }).data.id;
    const answered = await callFromPage(company, 'POST', `/api/place/answer_to_comment/${commentId}`, {
      answer: 'Dziękujemy za opinię!',
    });
    expect(answered.status).toBe(200);

    await expect.poll(() => countIn(user, bellSummary), { timeout: 10_000 }).toBe(before + 1);
    const bell = user.locator('header details', {
      has: user.locator('summary[aria-label^="Powiadomienia"]'),
    });
    await bell.locator('summary').click();
    const newest = bell.locator('li button').first();
    await expect.poll(() => newest.textContent()).toMatch(/odpowiada na Twoją opinię$/);

    // The open list fits the 360 px screen.
    const box = await bell.locator('summary + div').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);

    const opened = await newest.textContent();
    // Earlier journeys on the same server may have left a notification worded the same way.
    const same = async () =>
      (await bell.locator('li button').allTextContents()).filter((t) => t === opened).length;
    const shownBefore = await same();
    await newest.click();
    await user.waitForURL((url) => url.pathname === `/places/${placeId}`);
    await expect.poll(() => countIn(user, bellSummary), { timeout: 10_000 }).toBe(before);
    await bell.locator('summary').click();
    await expect.poll(same).toBe(shownBefore - 1);
    await owner.close();
    await visitor.close();
  });
});
