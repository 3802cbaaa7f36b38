import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 31: an organiser writes a place in Polish and English, its lists too; each language's page shows its
// own texts marked with `lang`, and a place written only in Polish is shown so on /en, with a note.

const browser = setupBrowser();

/** The address, contact, category and hours every new place needs. */
async function fillRequired(form: Locator) {
  await form.getByLabel('Miejscowość').fill('Gdańsk');
  await form.getByLabel('Ulica i numer').fill('Ogarna 12');
  await form.getByLabel('Kod pocztowy').fill('80-826');
  await form.getByLabel(/^Numer telefonu/).fill('+48 58 111 22 44');
  await form.getByRole('checkbox', { name: 'Teatr' }).check();
  for (const day of [1, 2, 3, 4, 5, 6, 7])
    await form.locator(`[data-day="${day}"]`).getByLabel('Zamknięte').check();
}

describe('a place in Polish and English', () => {
  it('is written in two tabs, lists included, and shown in each language with its lang', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    await page.goto('/account/create-place');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Nowe miejsce' });

    // Without a name or a description in either language the form says so, and nothing is saved.
    await fillRequired(form);
    await form.getByRole('button', { name: 'Dodaj miejsce' }).click();
    await expect.poll(() => form.getByText('To pole jest wymagane.').count()).toBeGreaterThanOrEqual(2);

    const basic = form.getByRole('group', { name: 'Podstawowe informacje' });
    await basic.getByLabel('Nazwa miejsca').fill('Teatr Wybrzeże – scena kameralna');
    await basic.getByLabel('Opis').fill('Spektakle w małej sali.');
    const english = basic.getByRole('tab', { name: 'Angielski' });
    await english.click();
    // Only the shown tab's fields are on the page: one control per label.
    expect(await basic.getByLabel('Nazwa miejsca').inputValue()).toBe('');
    await basic.getByLabel('Nazwa miejsca').fill('Coastal Theatre – chamber stage');
    await basic.getByLabel('Opis').fill('Plays in a small hall.');
    expect(await basic.getByLabel('Nazwa miejsca').getAttribute('lang')).toBe('en');

    const lists = form.getByRole('group', { name: 'Atrakcje i dodatkowe informacje' });
    await lists.getByRole('button', { name: 'Dodaj atrakcję' }).click();
    await lists.getByLabel('Atrakcja 1').fill('Kawiarnia teatralna');
    // The keyboard moves to the English tab, whose list is its own.
    await lists.getByRole('tab', { name: 'Polski' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => lists.getByRole('tab', { name: 'Angielski' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await lists.getByLabel('Atrakcja 1').count()).toBe(0);
    await lists.getByRole('button', { name: 'Dodaj atrakcję' }).click();
    await lists.getByLabel('Atrakcja 1').fill('Theatre café');
    await lists.getByRole('tab', { name: 'Polski' }).click();
    expect(await lists.getByLabel('Atrakcja 1').inputValue()).toBe('Kawiarnia teatralna');

    await form.getByRole('button', { name: 'Dodaj miejsce' }).click();
    await page.waitForURL(/\/account\/places$/, { timeout: 20_000 });
    const link = page.getByRole('link', { name: 'Teatr Wybrzeże – scena kameralna', exact: true });
    await expect.poll(() => link.count()).toBe(1);
    const placeUrl = (await link.getAttribute('href')) ?? '';
    const id = placeUrl.split('/').pop();

    const title = page.getByRole('heading', { level: 1 });
    await page.goto(`/places/${id}`);
    expect((await title.textContent())?.trim()).toBe('Teatr Wybrzeże – scena kameralna');
    expect(await title.getAttribute('lang')).toBe('pl');
    expect(await page.getByText('Kawiarnia teatralna').count()).toBe(1);

    // The owner's edit form holds both languages, lists included.
    await page.goto(`/account/edit-place/${id}`);
    await hydrated(page);
    const edit = page.getByRole('form', { name: 'Dane miejsca' });
    await expect
      .poll(() => edit.getByLabel('Nazwa miejsca').inputValue())
      .toBe('Teatr Wybrzeże – scena kameralna');
    await edit
      .getByRole('group', { name: 'Podstawowe informacje' })
      .getByRole('tab', { name: 'Angielski' })
      .click();
    expect(await edit.getByLabel('Nazwa miejsca').inputValue()).toBe('Coastal Theatre – chamber stage');
    const editLists = edit.getByRole('group', { name: 'Atrakcje i dodatkowe informacje' });
    await editLists.getByRole('tab', { name: 'Angielski' }).click();
    expect(await editLists.getByLabel('Atrakcja 1').inputValue()).toBe('Theatre café');
    // Last, as /en keeps the visitor's language for the pages after it.
    await page.goto(`/en/places/${id}`);
    expect((await title.textContent())?.trim()).toBe('Coastal Theatre – chamber stage');
    expect(await title.getAttribute('lang')).toBe('en');
    const description = page.getByText('Plays in a small hall.');
    expect(await description.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('en');
    const attraction = page.getByRole('listitem').filter({ hasText: 'Theatre café' });
    expect(await attraction.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('en');
    // Nothing of the place itself says "Only in Polish" (the nearby places' cards may).
    for (const part of [
      title.locator('xpath=../..'),
      page.getByRole('region', { name: 'About the place', exact: true }),
      page.getByRole('region', { name: 'Attractions', exact: true }),
    ]) {
      expect(await part.getByText('Only in Polish').count()).toBe(0);
    }
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ name: 'Coastal Theatre – chamber stage' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a Polish-only place on /en in Polish, marked and with the note, on its page and its card', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'firma@example.com');
    const name = `Przystań Ołowianka ${Date.now()}`;
    const created = await callFromPage(page, 'POST', '/api/place', {
      form: {
        name,
        description: 'Kajaki i rowery wodne.',
        'additional_infos[]': 'Parking dla rowerów',
        city: 'Gdańsk',
        street: 'Ołowianka 5',
        postcode: '80-751',
        phone: '+48 58 111 22 55',
        'categories[]': '2',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_closed[${d}]`, '1'])),
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: number } }).data.id;

    const visitor = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const en = await visitor.newPage();
    const errors = watchErrors(en);
    // On a Polish page its card has no note (first: /en keeps the visitor's language for the pages after it).
    const card = en.getByRole('article').filter({ hasText: name });
    await en.goto(`/list?search=${encodeURIComponent(name)}#place_type`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('Tylko po polsku').count()).toBe(0);
    expect(await card.getByText(name).getAttribute('lang')).toBe('pl');

    await en.goto(`/en/places/${id}`);
    const title = en.getByRole('heading', { level: 1 });
    expect((await title.textContent())?.trim()).toBe(name);
    expect(await title.getAttribute('lang')).toBe('pl');
    // The name's, the description's and the additional infos' notes.
    expect(await title.locator('xpath=../..').getByText('Only in Polish').count()).toBe(1);
    for (const section of ['About the place', 'Additional information']) {
      expect(
        await en.getByRole('region', { name: section, exact: true }).getByText('Only in Polish').count(),
      ).toBe(1);
    }
    expect(await en.evaluate(() => document.documentElement.lang)).toBe('en');

    await en.goto(`/en/list?search=${encodeURIComponent(name)}#place_type`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText(name).getAttribute('lang')).toBe('pl');
    expect(await card.getByText('Only in Polish').count()).toBe(1);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
