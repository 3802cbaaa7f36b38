import { describe, expect, it } from 'vitest';
import { choosePlace, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { png } from '../helpers/forms';

const browser = setupBrowser();

describe('an event from creation to a visitor’s calendar', () => {
  it('a company creates and edits an event; a user favourites it, adds it to the calendar and downloads its .ics', async () => {
    const owner = await browser.context();
    const page = await signIn(owner, 'firma@example.com');
    const errors = watchErrors(page);

    // The top bar's "Add new event" leads to the form on /calendar.
    await page.locator('header').getByRole('link', { name: 'Dodaj nowe wydarzenie' }).first().click();
    await page.waitForURL(/\/calendar/);
    const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
    await choosePlace(form);
    await form.getByLabel('Nazwa wydarzenia').fill('Koncert testowy w Gdańsku');
    await form.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Koncerty' });
    await form.getByLabel('Opis').fill('Wieczór z muzyką kameralną.');
    await form.getByLabel('Data rozpoczęcia').fill('2027-03-12');
    await form.getByLabel('Godzina rozpoczęcia').fill('19:00');
    await form.getByLabel('Data zakończenia').fill('2027-03-12');
    await form.getByLabel('Godzina zakończenia').fill('21:00');
    await form.getByLabel('Cena od (zł)').fill('40');
    await form.getByLabel('Cena do (zł)').fill('90');
    await form.getByLabel('Liczba wolnych miejsc').fill('120');
    await form.getByLabel('Link do zakupu biletów').fill('bilety.example.com/koncert');
    await form
      .getByLabel('Baner')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png(1600, 500, '#553399') });
    await form.getByLabel('Dodaj zdjęcia').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await png(800, 600, '#993355') },
      { name: 'two.png', mimeType: 'image/png', buffer: await png(800, 600, '#339955') },
    ]);
    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    const eventPath = new URL(page.url()).pathname;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Koncert testowy w Gdańsku',
    );
    await expect.poll(() => page.getByText('12.03.2027 19:00–21:00').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /Powiększ zdjęcie/ }).count()).toBe(2);

    // Edit through the owner's link.
    await page.getByRole('link', { name: 'Edytuj wydarzenie' }).click();
    await page.waitForURL(/\/calendar\?edit=\d+/);
    const edit = page.getByRole('form', { name: 'Edycja wydarzenia' });
    await expect
      .poll(() => edit.getByLabel('Nazwa wydarzenia').inputValue())
      .toBe('Koncert testowy w Gdańsku');
    await edit.getByLabel('Nazwa wydarzenia').fill('Koncert kameralny w Gdańsku');
    await edit.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL((url) => url.pathname === eventPath, { timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Koncert kameralny w Gdańsku',
    );

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd['@type']).toBe('Event');
    expect(jsonLd.startDate).toMatch(/^2027-03-12T18:00:00/);
    expect(jsonLd.location['@type']).toBe('Place');
    expect(jsonLd.offers).toBeDefined();
    expect(errors).toEqual([]);

    // An attendee favourites it, keeps it in the calendar and downloads it.
    const visitor = await browser.context({ acceptDownloads: true });
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const userErrors = watchErrors(user);
    await user.goto(eventPath);
    for (const name of ['Ulubione', 'Mój kalendarz']) {
      const toggle = user.getByRole('button', { name, exact: true });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      // The press shows at once; the reload below must come after the server has taken it.
      await expect.poll(() => toggle.getAttribute('aria-busy')).toBe('false');
    }
    await user.reload();
    expect(
      await user.getByRole('button', { name: 'Mój kalendarz', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await user.getByRole('link', { name: /Kup bilet/ }).getAttribute('href')).toBe(
      'http://bilety.example.com/koncert',
    );
    // The .ics file sits in the calendar control's menu (issue 18).
    await user.getByLabel('Więcej opcji kalendarza').click();
    const [download] = await Promise.all([
      user.waitForEvent('download'),
      user.getByRole('link', { name: 'Pobierz do kalendarza w telefonie (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^event-\d+\.ics$/);
    const ics = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(ics).toString()).toContain('SUMMARY:Koncert kameralny w Gdańsku');

    await user.goto('/favourite');
    await expect.poll(() => user.getByText('Koncert kameralny w Gdańsku').count()).toBeGreaterThan(0);
    await user.goto('/calendar?month=2027-03');
    await expect.poll(() => user.locator('[data-state="selected"]').count()).toBeGreaterThan(0);
    expect(userErrors).toEqual([]);

    // The owner finds it in the list on /calendar (paged, issue 29) and cancels it after confirming.
    await page.goto(`/calendar?q=${encodeURIComponent('Koncert kameralny w Gdańsku')}`);
    await page.getByRole('button', { name: 'Usuń Koncert kameralny w Gdańsku' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Usuń wydarzenie' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Usuń Koncert kameralny w Gdańsku' }).count())
      .toBe(0);
    expect((await page.request.get(eventPath)).url()).toContain('/list');
    await owner.close();
    await visitor.close();
  });

  it('sends an unknown event to the events list', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto('/event/987654');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/list');
    expect(url.hash).toBe('#event_type');
    await context.close();
  });

  it('shows the event page without console errors in both languages at 360 px and 1920 px', async () => {
    for (const locale of ['pl', 'en']) {
      for (const width of [360, 1920]) {
        const context = await browser.context({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
        const page = await context.newPage();
        const errors = watchErrors(page);
        expect((await page.goto('/event/2'))?.status()).toBe(200);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.waitForTimeout(300);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
