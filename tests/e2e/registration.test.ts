import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { callFromPage, clickHydrated, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { decodeEml, waitForMailLink } from '../helpers/outbox';

// Issue 33: an attendee registers two places at a phone's width, gets the mail with the QR code and sees the
// ticket; the organiser's check-in page takes the code typed in, then refuses it as used.

const browser = setupBrowser();
const phone = { width: 360, height: 740 };
const stamp = Date.now();
const codePattern = /\b\d+(?:-[A-Z]{4}){6}\b/;

/** A new confirmed attendee (signed up through the API, confirmed through the mailed link), signed in. */
async function newAttendee(): Promise<{ page: Page; email: string }> {
  const email = `rodzina.${stamp}@example.com`;
  const context = await browser.context({ viewport: phone });
  const page = await context.newPage();
  await page.goto('/');
  const registered = await callFromPage(page, 'POST', '/api/user', {
    first_name: 'Ewa',
    last_name: 'Rodzinna',
    email,
    city: 'Kraków',
    password: 'tajnehaslo1',
    password_confirmation: 'tajnehaslo1',
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const link = await waitForMailLink(inject('serverDataDir'), email, /\/user\/verify\/[\w-]+/);
  await page.goto(`/user/verify/${link.split('/').pop()}`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.close();
  return { page: await signIn(context, email, 'tajnehaslo1'), email };
}

/** One of the demo company's upcoming events that takes no registrations yet, turned on with `capacity`. */
async function organiserEventTaking(capacity: number): Promise<{ page: Page; eventId: number }> {
  const context = await browser.context({ viewport: phone });
  const page = await signIn(context, 'firma@example.com');
  const mine = await callFromPage(page, 'GET', '/api/event/get_mine?when=upcoming&per_page=50');
  const events = (mine.json as { data: { id: number; start_date: string }[] }).data;
  for (const event of events) {
    if (new Date(event.start_date).getTime() < Date.now() + 86_400_000) continue;
    const terms = await callFromPage(page, 'GET', `/api/event/${event.id}/registration/terms`);
    if ((terms.json as { data: unknown }).data !== null) continue;
    const set = await callFromPage(page, 'PUT', `/api/event/${event.id}/registration`, {
      capacity,
      per_person: 4,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    return { page, eventId: event.id };
  }
  throw new Error('the demo company has no upcoming event without registration');
}

/** The newest mail to `email` holding a ticket code, decoded. */
async function ticketMail(email: string): Promise<string> {
  const code = await waitForMailLink(inject('serverDataDir'), email, codePattern);
  const dir = path.join(inject('serverDataDir'), 'outbox');
  const raw = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .find((m) => m.includes(email) && decodeEml(m).includes(code));
  expect(raw, 'the ticket mail').toBeDefined();
  return raw ?? '';
}

describe('registration, tickets and check-in', () => {
  it('registers two places at 360 px, mails and shows the ticket, and checks it in once', async () => {
    const { page: organiser, eventId } = await organiserEventTaking(10);
    const { page, email } = await newAttendee();
    const errors = watchErrors(page);

    await page.goto(`/event/${eventId}`);
    const panel = page.getByRole('region', { name: 'Zapisy' });
    await expect.poll(() => panel.getByText('Zostało 10 wolnych miejsc z 10.').count()).toBe(1);
    await hydrated(page);
    await panel.getByLabel('Liczba miejsc').selectOption('2');
    await clickHydrated(panel.getByRole('button', { name: 'Zapisz się' }));
    await expect
      .poll(() => panel.getByText('Jesteś zapisany(-a): 2 miejsca.').count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => panel.getByText('Zostało 8 wolnych miejsc z 10.').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The mail: the code, the QR code shown from the attachment, the date for a calendar.
    const raw = await ticketMail(email);
    const code = decodeEml(raw).match(codePattern)?.[0] ?? '';
    expect(raw).toMatch(/Content-Type: image\/png/i);
    expect(raw).toMatch(/Content-Type: text\/calendar/i);

    await panel.getByRole('link', { name: 'Zobacz bilet' }).click();
    await page.waitForURL((url) => /^\/tickets\/\d+$/.test(url.pathname));
    await expect.poll(() => page.locator('[data-ticket-code]').textContent()).toBe(code);
    expect(await page.getByRole('img', { name: `Kod QR biletu ${code}` }).count()).toBe(1);
    expect(await page.getByText('Potwierdzone').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, { label: 'ticket, 360 px' });
    // "My tickets" lists it.
    const eventName = (await page.locator('#ticket-event').textContent()) ?? '';
    await page.goto('/tickets');
    expect(await page.getByRole('link', { name: eventName, exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);

    // At the door: the code typed (in lower case, without dashes), then the same code again.
    const doorErrors = watchErrors(organiser);
    await organiser.goto(`/account/events/${eventId}/check-in`);
    await hydrated(organiser);
    const input = organiser.getByLabel('Kod biletu');
    await input.fill(code.toLowerCase().replaceAll('-', ''));
    await clickHydrated(organiser.getByRole('button', { name: 'Sprawdź' }));
    const result = organiser.locator('[data-check-in]');
    await expect.poll(() => result.getAttribute('data-check-in'), { timeout: 15_000 }).toBe('valid');
    expect(await result.textContent()).toContain('Ważny');
    await organiser.getByRole('button', { name: 'Sprawdź' }).click();
    await expect.poll(() => result.getAttribute('data-check-in')).toBe('already_used');
    expect(await result.textContent()).toContain('Już wykorzystany');
    expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(organiser, { label: 'check-in, 360 px' });

    // The organiser's list has the family, checked in.
    await organiser.goto(`/account/events/${eventId}/registrations`);
    const row = organiser.getByRole('row', { name: /Ewa Rodzinna/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('wejście');
    await expectNoAxeViolations(organiser, { label: 'registrations, 360 px' });
    expect(doorErrors).toEqual([]);
    await page.context().close();
    await organiser.context().close();
  }, 120_000);

  it('sends a guest to sign in and back from the event page', async () => {
    const { page: organiser, eventId } = await organiserEventTaking(5);
    await organiser.context().close();
    const context = await browser.context({ viewport: phone });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await page.getByRole('region', { name: 'Zapisy' }).getByRole('link', { name: 'Zapisz się' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/event/${eventId}`);
    await context.close();
  });

  it('reads in English at 1920 px: the panel, the tickets, the organiser’s list and the check-in', async () => {
    const wide = { width: 1920, height: 1080 };
    const context = await browser.context({ viewport: wide });
    const attendee = await signIn(context, 'uzytkownik@example.com');
    await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    const errors = watchErrors(attendee);
    // The demo attendee holds two places on the demo company's first registration event.
    const tickets = await callFromPage(attendee, 'GET', '/api/tickets');
    const held = (
      tickets.json as { data: { id: number; status: string; event: { id: number } }[] }
    ).data.find((t) => t.status === 'confirmed');
    expect(held, 'the demo attendee’s ticket').toBeDefined();
    await attendee.goto(`/en/event/${held?.event.id}`);
    const panel = attendee.getByRole('region', { name: 'Registration' });
    await expect.poll(() => panel.getByText('You are registered: 2 places.').count()).toBe(1);
    await attendee.goto('/en/tickets');
    await expect.poll(() => attendee.getByRole('heading', { name: 'My tickets', level: 1 }).count()).toBe(1);
    await expectNoAxeViolations(attendee, { label: 'tickets, en, 1920 px' });
    await attendee.goto(`/en/tickets/${held?.id}`);
    await expect.poll(() => attendee.getByText('Ticket code').count()).toBe(1);
    await expectNoAxeViolations(attendee, { label: 'ticket, en, 1920 px' });
    expect(errors).toEqual([]);
    await context.close();

    const { page: organiser, eventId } = await organiserEventTaking(20);
    await organiser.setViewportSize(wide);
    await organiser.context().addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    await organiser.goto(`/en/account/events/${eventId}/registrations`);
    await expect.poll(() => organiser.getByRole('heading', { name: 'Terms' }).count()).toBe(1);
    await expectNoAxeViolations(organiser, { label: 'registrations, en, 1920 px' });
    await organiser.goto(`/en/account/events/${eventId}/check-in`);
    await hydrated(organiser);
    // By keyboard: the code field, then Enter.
    await organiser.getByLabel('Ticket code').focus();
    await organiser.keyboard.type('1-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA');
    await organiser.keyboard.press('Enter');
    const result = organiser.locator('[data-check-in]');
    await expect.poll(() => result.getAttribute('data-check-in'), { timeout: 15_000 }).toBe('invalid');
    expect(await result.textContent()).toContain('Invalid code');
    await expectNoAxeViolations(organiser, { label: 'check-in, en, 1920 px' });
    await organiser.context().close();
  }, 120_000);
});
