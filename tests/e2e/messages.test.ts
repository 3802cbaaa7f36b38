import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Spec §2 /messages and /messages/{id}: an attendee asks the demo PRO company (its plan has
// messenger_access) from one of its event pages, and the two write to each other.

const browser = setupBrowser();

/** A GET from inside the page, as its own scripts make them (the session cookie). */
function getJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), url) as Promise<T>;
}

/** The demo company's id and one of its events that has not ended. */
async function organiser(company: Page) {
  const me = await getJson<{ data: { id: number } }>(company, '/api/user');
  const mine = await getJson<{ data: { id: number; end_date: string }[] }>(company, '/api/event/get_mine');
  const event = mine.data.find((e) => new Date(e.end_date).getTime() > Date.now());
  expect(event).toBeDefined();
  return { id: me.data.id, eventId: event!.id };
}

const conversationLink = (page: Page, name: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(name) });

describe('messages between an attendee and an organiser', () => {
  it('the user asks from the event page, the organiser answers, and each reads the other', async () => {
    const companyContext = await browser.context();
    const company = await signIn(companyContext, 'firma@example.com');
    const companyErrors = watchErrors(company);
    const { id: companyId, eventId } = await organiser(company);

    const userContext = await browser.context();
    const user = await signIn(userContext, 'uzytkownik@example.com');
    const userErrors = watchErrors(user);
    await user.goto(`/event/${eventId}`);
    await user.getByRole('link', { name: 'Zapytaj organizatora' }).click();
    await user.waitForURL((url) => url.pathname === `/messages/${companyId}`);
    expect(await user.getByRole('heading', { level: 1 }).textContent()).toBe('Filharmonia Bałtycka Demo');

    // Ctrl+Enter sends from the keyboard, and the message appears without a reload.
    const question = 'Czy na koncercie jest szatnia?';
    await user.getByLabel('Twoja wiadomość').fill(question);
    await user.getByLabel('Twoja wiadomość').press('Control+Enter');
    await expect.poll(() => user.getByRole('log').textContent()).toContain(question);
    // The field empties when the API has answered; the live stream may show the message a moment before.
    await expect.poll(() => user.getByLabel('Twoja wiadomość').inputValue()).toBe('');

    // The organiser sees it unread, opens it and answers with the button.
    await company.goto('/messages');
    const fromUser = conversationLink(company, 'Anna Kowalska');
    expect(await fromUser.textContent()).toContain('Nieprzeczytane');
    await fromUser.click();
    await company.waitForURL(/\/messages\/\d+$/);
    await expect.poll(() => company.getByRole('log').textContent()).toContain(question);
    expect(await company.getByRole('log').textContent()).toContain('Anna Kowalska');
    const answer = 'Tak, szatnia jest czynna od 18:00.';
    await company.getByLabel('Twoja wiadomość').fill(answer);
    await company.getByRole('button', { name: 'Wyślij' }).click();
    await expect.poll(() => company.getByRole('log').textContent()).toContain(answer);

    // The user, elsewhere meanwhile, finds the answer unread and reads it.
    await user.goto('/messages');
    const fromCompany = conversationLink(user, 'Filharmonia Bałtycka Demo');
    expect(await fromCompany.textContent()).toContain('Nieprzeczytane');
    expect(await fromCompany.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await fromCompany.click();
    await user.waitForURL((url) => url.pathname === `/messages/${companyId}`);
    await expect.poll(() => user.getByRole('log').textContent()).toContain(answer);
    await user.goto('/messages');
    expect(await conversationLink(user, 'Filharmonia Bałtycka Demo').textContent()).not.toContain(
      'Nieprzeczytane',
    );

    // The organiser's open thread grows by itself when the user writes again.
    await user.goto(`/messages/${companyId}`);
    await user.getByLabel('Twoja wiadomość').fill('Dziękuję!');
    await user.getByRole('button', { name: 'Wyślij' }).click();
    await expect.poll(() => company.getByRole('log').textContent()).toContain('Dziękuję!');

    expect(userErrors).toEqual([]);
    expect(companyErrors).toEqual([]);
    await companyContext.close();
    await userContext.close();
  });

  it('asks an empty message to be written, next to the field', async () => {
    const companyContext = await browser.context();
    const { id: companyId } = await organiser(await signIn(companyContext, 'firma@example.com'));
    const context = await browser.context();
    const user = await signIn(context, 'uzytkownik@example.com');
    await user.goto(`/messages/${companyId}`);
    await user.getByRole('button', { name: 'Wyślij' }).click();
    const field = user.getByLabel('Twoja wiadomość');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const errorId = await field.getAttribute('aria-describedby');
    expect((await user.locator(`[id="${errorId}"]`).textContent())?.length).toBeGreaterThan(0);
    await companyContext.close();
    await context.close();
  });

  it('sends an anonymous visitor to the login page, and shows no one else’s conversation', async () => {
    const companyContext = await browser.context();
    const { eventId } = await organiser(await signIn(companyContext, 'firma@example.com'));
    await companyContext.close();
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    const ask = await page.getByRole('link', { name: 'Zapytaj organizatora' }).getAttribute('href');
    expect(ask).toMatch(/^\/login/);
    for (const path of ['/messages', '/messages/1']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    // Nobody has a conversation with themselves or with someone who does not exist: no such page.
    const user = await signIn(context, 'uzytkownik@example.com');
    const me = await getJson<{ data: { id: number } }>(user, '/api/user');
    for (const path of [`/messages/${me.data.id}`, '/messages/987654', '/messages/abc']) {
      expect((await user.goto(path))?.status(), path).toBe(404);
    }
    await context.close();
  });

  it('shows both pages without console errors in both languages at 360 px and 1920 px', async () => {
    const companyContext = await browser.context();
    const { id: companyId } = await organiser(await signIn(companyContext, 'firma@example.com'));
    for (const locale of ['pl', 'en']) {
      for (const width of [360, 1920]) {
        const context = await browser.context({ viewport: { width, height: 800 } });
        const page = await signIn(context, 'uzytkownik@example.com');
        await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
        const errors = watchErrors(page);
        for (const path of ['/messages', `/messages/${companyId}`]) {
          expect((await page.goto(path))?.status()).toBe(200);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
        expect(await page.getByRole('button', { name: locale === 'pl' ? 'Wyślij' : 'Send' }).count()).toBe(1);
        await page.waitForTimeout(300);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    await companyContext.close();
  });
});
