import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choosePlace, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 31: an organiser writes an event in Polish and English; each language's page shows its own text marked
// with `lang`, and a text the event lacks in the page's language is shown in the other, with a note.

const browser = setupBrowser();

/** The event form on /calendar with a place chosen (its script fills the address in). */
async function newEventForm(page: Page) {
  await page.goto('/calendar');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
  await choosePlace(form);
  await form.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Koncerty' });
  await form.getByLabel('Data rozpoczęcia').fill('2027-05-15');
  await form.getByLabel('Godzina rozpoczęcia').fill('11:00');
  await form.getByLabel('Data zakończenia').fill('2027-05-15');
  await form.getByLabel('Godzina zakończenia').fill('13:00');
  await form.getByLabel('Cena od (zł)').fill('0');
  await form.getByLabel('Cena do (zł)').fill('0');
  await form.getByLabel('Liczba wolnych miejsc').fill('30');
  return form;
}

describe('an event in Polish and English', () => {
  it('is written in two tabs and shown in each language with its lang, and the form keeps both', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    const form = await newEventForm(page);

    // Without a name in either language the form says so next to the Polish name, and nothing is saved.
    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await expect.poll(() => form.getByText('To pole jest wymagane.').count()).toBeGreaterThan(0);

    await form.getByLabel('Nazwa wydarzenia').fill('Warsztaty ceramiki dla rodzin');
    await form.getByLabel('Opis').fill('Lepimy miski z gliny.');
    const tabs = form.getByRole('tablist', { name: 'Języki treści' });
    const polish = tabs.getByRole('tab', { name: 'Polski' });
    const english = tabs.getByRole('tab', { name: 'Angielski' });
    expect(await polish.getAttribute('aria-selected')).toBe('true');
    // The keyboard moves between the tabs (arrows), as a tab list does.
    await polish.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => english.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Angielski');
    // Only the shown tab's fields are on the page: one control per label.
    expect(await form.getByLabel('Nazwa wydarzenia').inputValue()).toBe('');
    await form.getByLabel('Nazwa wydarzenia').fill('Family pottery workshop');
    await form.getByLabel('Opis').fill('We make clay bowls together.');
    expect(await form.getByLabel('Nazwa wydarzenia').getAttribute('lang')).toBe('en');
    await polish.click();
    expect(await form.getByLabel('Nazwa wydarzenia').inputValue()).toBe('Warsztaty ceramiki dla rodzin');

    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    const id = new URL(page.url()).pathname.split('/').pop();
    const title = page.getByRole('heading', { level: 1 });
    expect((await title.textContent())?.trim()).toBe('Warsztaty ceramiki dla rodzin');
    expect(await title.getAttribute('lang')).toBe('pl');
    expect(await page.getByText('Lepimy miski z gliny.').count()).toBe(1);

    await page.goto(`/en/event/${id}`);
    expect((await title.textContent())?.trim()).toBe('Family pottery workshop');
    expect(await title.getAttribute('lang')).toBe('en');
    const description = page.getByText('We make clay bowls together.');
    expect(await description.count()).toBe(1);
    expect(await description.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('en');
    expect(await page.getByText('Only in Polish').count()).toBe(0);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ name: 'Family pottery workshop', inLanguage: 'en' });
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(
      'Family pottery workshop',
    );

    // The owner's edit form holds both languages (in English now: the visit to /en chose it).
    await page.goto(`/en/calendar?edit=${id}`);
    await hydrated(page);
    const edit = page.getByRole('form', { name: 'Edit event' });
    await expect.poll(() => edit.getByLabel('Event name').inputValue()).toBe('Warsztaty ceramiki dla rodzin');
    await edit.getByRole('tab', { name: 'English' }).click();
    expect(await edit.getByLabel('Event name').inputValue()).toBe('Family pottery workshop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a Polish-only event on /en in Polish, marked and with the note, on its page and its card', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await signIn(context, 'firma@example.com');
    const form = await newEventForm(page);
    await form.getByLabel('Nazwa wydarzenia').fill('Potańcówka na Ołowiance');
    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    const id = new URL(page.url()).pathname.split('/').pop();

    const visitor = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const en = await visitor.newPage();
    const errors = watchErrors(en);
    await en.goto(`/en/event/${id}`);
    const title = en.getByRole('heading', { level: 1 });
    expect((await title.textContent())?.trim()).toBe('Potańcówka na Ołowiance');
    expect(await title.getAttribute('lang')).toBe('pl');
    expect(await en.getByText('Only in Polish').count()).toBeGreaterThan(0);
    expect(await en.evaluate(() => document.documentElement.lang)).toBe('en');

    await en.goto('/en/list?search=Potańcówka#event_type');
    const card = en.getByRole('article').filter({ hasText: 'Potańcówka na Ołowiance' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByRole('heading').getAttribute('lang')).toBe('pl');
    expect(await card.getByText('Only in Polish').count()).toBe(1);
    // The same card on a Polish page has no note.
    await en.goto('/list?search=Potańcówka#event_type');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('Tylko po polsku').count()).toBe(0);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
