import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { elementHydrated, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { startHostPage } from '../helpers/host-page';
import { parseIcs } from '../helpers/ics';
import { waitForMailLink } from '../helpers/outbox';

// Issue 17 as one journey: a company creates a weekly event with one cancelled date; a visitor finds it
// once in search, sees its next dates on its page, subscribes to the city's calendar feed, and a widget
// pasted into a plain page of another site shows it among the place's next events.
// The company is registered here rather than taken from the demo: the demo company's event creations
// are shared by every browser test file. Its place is in Suwałki, where the demo has no events, so the
// city's feed and the place's widget hold this series alone.

const browser = setupBrowser();
const stamp = Date.now();
const email = `cykl.${stamp}@example.com`;
const password = 'tajnehaslo1';
const city = 'Suwałki';
const name = `Quiz cykliczny ${stamp.toString(36)}`;

const day = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const dayMonth = (d: Date) => `${iso(d).slice(8, 10)}.${iso(d).slice(5, 7)}`;
const full = (d: Date) => `${dayMonth(d)}.${iso(d).slice(0, 4)}`;

// Six Saturdays, the first at least a week ahead of the real clock; the third is cancelled.
const first = new Date(`${iso(new Date(Date.now() + 7 * day))}T12:00:00Z`);
while (first.getUTCDay() !== 6) first.setTime(first.getTime() + day);
const dates = Array.from({ length: 6 }, (_, i) => new Date(first.getTime() + 7 * i * day));
const cancelled = dates[2]!;
const held = dates.filter((d) => d !== cancelled);

let host: Awaited<ReturnType<typeof startHostPage>>;

beforeAll(async () => {
  // The organiser registers as the register page would post it, and confirms from the outbox below.
  const form = new FormData();
  const fields: [string, string][] = [
    ['company_name', 'Klub Quizowy Testowy'],
    ['email', email],
    ['password', password],
    ['password_confirmation', password],
    ['name', 'Pub pod Quizem'],
    ['city', city],
    ['street', 'Kościuszki 1'],
    ['postcode', '16-400'],
    ['phone', '+48 87 123 45 67'],
    ['description', '<p>Quizy w każdą sobotę.</p>'],
    ['categories[]', '1'],
  ];
  for (const d of [1, 2, 3, 4, 5, 6, 7]) {
    fields.push([`place_hours_from[${d}]`, '16:00'], [`place_hours_to[${d}]`, '23:00']);
  }
  for (const [key, value] of fields) form.append(key, value);
  const res = await fetch(`${inject('baseUrl')}/api/company`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);

  host = await startHostPage();
});

afterAll(async () => {
  await host?.close();
});

describe('a weekly event from the form to feeds and a widget', () => {
  it('is created with a cancelled date, found once, subscribed to and embedded', async () => {
    // 1. The company confirms its address, signs in and fills the form, repeat section included.
    const owner = await browser.context();
    const confirmPage = await owner.newPage();
    const confirm = await waitForMailLink(
      inject('serverDataDir'),
      email,
      /https?:\/\/\S+\/user\/verify\/[\w-]+/,
    );
    await confirmPage.goto(new URL(confirm).pathname.replace('/user/verify/', '/confirm/'));
    await expect.poll(() => confirmPage.getByText(/został potwierdzony/).count()).toBeGreaterThan(0);
    await confirmPage.close();
    const page = await signIn(owner, email, password);
    const ownerErrors = watchErrors(page);
    await page.locator('header').getByRole('link', { name: 'Dodaj nowe wydarzenie' }).first().click();
    await page.waitForURL(/\/calendar/);
    const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
    // The company's only place is chosen already, its address filled in.
    expect(await form.getByRole('combobox', { name: 'Miejsce', exact: true }).inputValue()).toMatch(/^\d+$/);
    await expect.poll(() => form.getByLabel('Miejscowość').inputValue()).toBe(city);
    await form.getByLabel('Nazwa wydarzenia').fill(name);
    await form.getByRole('combobox', { name: 'Kategoria' }).selectOption({ index: 1 });
    await form.getByLabel('Opis').fill('Sześć sobotnich quizów, jeden odwołany.');
    await form.getByLabel('Data rozpoczęcia').fill(iso(first));
    await form.getByLabel('Godzina rozpoczęcia').fill('19:00');
    await form.getByLabel('Data zakończenia').fill(iso(first));
    await form.getByLabel('Godzina zakończenia').fill('21:00');
    await form.getByLabel('Cena od (zł)').fill('0');
    await form.getByLabel('Cena do (zł)').fill('0');
    await form.getByLabel('Liczba wolnych miejsc').fill('40');

    await form.getByRole('combobox', { name: 'Powtarza się' }).selectOption({ label: 'Co tydzień' });
    await form.getByRole('checkbox', { name: 'sobota' }).check();
    await form.getByRole('radio', { name: 'Po liczbie terminów' }).check();
    await form.getByLabel('Liczba terminów').fill('6');
    await form.getByRole('button', { name: 'Odwołaj termin' }).click();
    await form.getByLabel('Odwołany termin 1', { exact: true }).fill(iso(cancelled));
    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(name);
    expect(ownerErrors).toEqual([]);
    await owner.close();

    // 2. A visitor searches for it on /list: one card, naming the next dates after the shown one.
    const visitor = await browser.context();
    const list = await visitor.newPage();
    const errors = watchErrors(list);
    await list.goto('/list#event_type');
    // The tab lives in the address's hash, which only the page's script carries into the search's URL.
    await hydrated(list);
    const search = list
      .getByRole('form', { name: 'Filtry' })
      .first()
      .getByRole('searchbox', { name: 'Szukana fraza' });
    // The filters hydrate after the page's root: typed into before, the text would not reach the search.
    await elementHydrated(search);
    await search.fill(name);
    await search.press('Enter');
    await list.waitForURL((u) => u.searchParams.get('search') === name);
    const cards = list.locator('#list-panel-events article').filter({ hasText: name });
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.textContent()).toContain(`Także ${held.slice(1, 4).map(dayMonth).join(', ')}`);

    await cards.getByRole('link', { name }).first().click();
    await list.waitForURL(/\/event\/\d+$/);
    const series = list.getByRole('region', { name: 'Wydarzenie cykliczne' });
    await expect.poll(() => series.count()).toBe(1);
    expect(await series.textContent()).toContain('Co tydzień: sobota, 6 terminów');
    const nextDates = series.getByRole('listitem');
    const texts = (await nextDates.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts).toEqual(
      dates.map((d) => (d === cancelled ? `${full(d)} 19:00 odwołany` : `${full(d)} 19:00`)),
    );
    expect(await series.locator('del').textContent()).toBe(`${full(cancelled)} 19:00`);

    // 3. The city's calendar feed, linked on /list: the series is one VEVENT with its rule and exception.
    await list.goto(`/list?localization=${encodeURIComponent(city)}#event_type`);
    // Issue 30: the feed links sit behind one "Subskrybuj" disclosure.
    await list.locator('summary', { hasText: 'Subskrybuj' }).click();
    const feeds = list.getByRole('navigation', { name: 'Subskrybuj te wydarzenia' });
    const icsHref = await feeds.getByRole('link', { name: 'iCalendar (.ics)' }).getAttribute('href');
    const webcal = await feeds.getByRole('link', { name: 'Aplikacja kalendarza' }).getAttribute('href');
    expect(webcal).toBe(icsHref?.replace(/^https?:/, 'webcal:'));
    const feedUrl = new URL(icsHref ?? '');
    expect(feedUrl.searchParams.get('localization')).toBe(city);
    const feed = await list.request.get(feedUrl.pathname + feedUrl.search);
    expect(feed.status()).toBe(200);
    const body = await feed.text();
    const ours = parseIcs(body).events.filter((e) => e.summary === name);
    expect(ours).toHaveLength(1);
    const vevent = new ICAL.Component(ICAL.parse(body))
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === name);
    const rule = vevent?.getFirstPropertyValue('rrule') as ICAL.Recur | undefined;
    expect(rule?.freq).toBe('WEEKLY');
    expect(rule?.count).toBe(6);
    const exdates = (vevent?.getAllProperties('exdate') ?? []).flatMap((p) =>
      p.getValues().map((v) => (v as ICAL.Time).toString()),
    );
    expect(exdates).toEqual([`${iso(cancelled)}T19:00:00`]);
    expect(errors).toEqual([]);

    // 4. The place's widget, its iframe snippet pasted into a plain page of another origin.
    const found = (await (
      await list.request.get(`/api/event?search=${encodeURIComponent(name)}`)
    ).json()) as { data: { place_id: number }[] };
    const placeId = found.data[0]?.place_id;
    await list.goto(`/places/${placeId}`);
    await list.getByRole('button', { name: 'Osadź' }).click();
    const dialog = list.getByRole('dialog', { name: 'Osadź na swojej stronie' });
    const iframe = dialog.getByLabel('Kod z ramką iframe (bez skryptu)');
    await expect.poll(() => iframe.inputValue()).toContain(`place_id=${placeId}`);
    host.set(
      `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Host</title></head><body><h1>Strona pubu</h1>${await iframe.inputValue()}</body></html>`,
    );
    expect(errors).toEqual([]);
    const hosted = await visitor.newPage();
    const hostErrors = watchErrors(hosted);
    await hosted.goto(host.url);
    const frame = hosted.frameLocator('iframe');
    await expect.poll(() => frame.getByRole('link', { name }).count()).toBe(1);
    expect(hostErrors).toEqual([]);
    await visitor.close();
  });
});
