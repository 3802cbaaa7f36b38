import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import {
  createAdmin,
  createPostgresDatabase,
  type PortalServer,
  startPortal,
} from '../helpers/portal-server';

// Issue 30 item 4: the admin's attribute catalogue. An attribute the admin adds is offered in a company's
// place form and in /list's filters, its new English name shows on /en/list, and its deletion, after a
// dialog that says how many places and events lose it, takes it off the place. A bad input is told next
// to its field and changes nothing. The admin comes from `npm run admin:create`, so the portal runs on a
// PostgreSQL database of its own (as tests/e2e/admin.test.ts).

const browser = setupBrowser();
const pgUrl = process.env.E2E_DATABASE_URL;
const adminEmail = 'catalogue@example.com';
const pagePath = '/admin/catalogue/attributes';
const api = '/api/admin/catalogue/attribute';
// A 422 is the answer the bad inputs expect; the browser logs it as a failed resource.
const refused = [/^\/api\/admin\/catalogue\/attribute/];

let server: PortalServer | undefined;
let drop: (() => Promise<void>) | undefined;
let adminPassword = '';

const texts = {
  pl: {
    list: 'Cechy: dostępność i rodzina',
    create: 'Nowa cecha',
    namePl: 'Nazwa po polsku',
    nameEn: 'Nazwa po angielsku',
    slug: 'Slug (w adresach filtrów)',
    group: 'Grupa',
    icon: 'Ikona',
    position: 'Kolejność',
    forPlaces: 'Dotyczy miejsc',
    add: 'Dodaj',
    save: 'Zapisz',
    edit: 'Edytuj',
    delete: 'Usuń',
    cancel: 'Anuluj',
    required: 'To pole jest wymagane.',
    slugTaken: 'Inna cecha ma już ten slug.',
  },
  en: { list: 'Attributes: accessibility and family', delete: 'Delete', edit: 'Edit' },
} as const;
const t = texts.pl;

interface AdminAttribute {
  id: number;
  slug: string;
  name_pl: string;
  name_en: string;
  places_count: number;
}

beforeAll(async () => {
  if (!pgUrl) return;
  const created = await createPostgresDatabase(pgUrl, `portal_e2e_attributes_${process.pid}`, {
    seeded: true,
  });
  drop = created.drop;
  server = await startPortal({ databaseUrl: created.url, from: created.folder });
  adminPassword = createAdmin(created.url, adminEmail);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await drop?.();
});

async function contextOf(width: number, height: number): Promise<BrowserContext> {
  return browser.context({ baseURL: server?.baseUrl, viewport: { width, height }, isMobile: width < 500 });
}

async function adminAttributes(page: Page): Promise<AdminAttribute[]> {
  const answer = await callFromPage(page, 'GET', api);
  expect(answer.status).toBe(200);
  return (answer.json as { data: AdminAttribute[] }).data;
}

/** The text a field's error shows, through the field's own aria-describedby (empty when it has none). */
async function errorOf(page: Page, field: ReturnType<Page['getByLabel']>): Promise<string> {
  const described = await field.getAttribute('aria-describedby');
  if (!described || (await field.getAttribute('aria-invalid')) !== 'true') return '';
  return (await page.locator(`[id="${described}"]`).textContent())?.trim() ?? '';
}

/** The /list filter's box for an attribute, opening the filters panel when it is folded away. */
async function filterBox(page: Page, name: string, filters: string) {
  await hydrated(page);
  const box = page.getByRole('checkbox', { name, exact: true });
  if (!(await box.isVisible())) await page.getByRole('button', { name: filters, exact: true }).click();
  return box;
}

describe.skipIf(!pgUrl)('the attribute catalogue of the admin', () => {
  it('adds an attribute companies and /list offer, renames it and deletes it after saying what it is on', {
    timeout: 240_000,
  }, async () => {
    const suffix = String(Date.now()).slice(-6);
    const namePl = `Kącik malucha ${suffix}`;
    const nameEn = `Toddler corner ${suffix}`;
    const renamedEn = `Little ones' corner ${suffix}`;
    const slug = `toddler_corner_${suffix}`;

    const adminContext = await contextOf(1440, 900);
    const admin = await signIn(adminContext, adminEmail, adminPassword);
    const adminErrors = watchErrors(admin);
    await admin.goto(pagePath);
    await hydrated(admin);

    // The admin adds it: both names, the family group, an icon, for places.
    const create = admin.getByRole('region', { name: t.create });
    await create.getByLabel(t.namePl).fill(namePl);
    await create.getByLabel(t.nameEn).fill(nameEn);
    await create.getByLabel(t.slug).fill(slug);
    await create.getByLabel(t.group).selectOption('family');
    await create.getByLabel(t.icon).selectOption('baby');
    await create.getByLabel(t.position).fill('90');
    await create.getByLabel(t.forPlaces).check();
    await create.getByRole('button', { name: t.add }).click();
    const list = admin.getByRole('region', { name: t.list });
    await expect.poll(() => list.getByRole('cell', { name: namePl, exact: true }).count()).toBe(1);
    const added = (await adminAttributes(admin)).find((a) => a.slug === slug);
    expect(added).toMatchObject({ name_pl: namePl, name_en: nameEn, places_count: 0 });

    // A company gets it for places, ticks it in its place form, and /list offers it as a filter.
    const companyContext = await contextOf(1440, 900);
    const company = await signIn(companyContext, 'firma@example.com');
    const companyErrors = watchErrors(company);
    const forPlaces = await callFromPage(company, 'GET', '/api/attribute?for=place');
    expect((forPlaces.json as { data: { slug: string }[] }).data.map((a) => a.slug)).toContain(slug);
    const forEvents = await callFromPage(company, 'GET', '/api/attribute?for=event');
    expect((forEvents.json as { data: { slug: string }[] }).data.map((a) => a.slug)).not.toContain(slug);
    const placeName = `Bawialnia Katalog ${suffix}`;
    const created = await callFromPage(company, 'POST', '/api/place', {
      form: {
        name: placeName,
        city: `Cechowo ${suffix}`,
        street: 'Długa 5',
        postcode: '80-831',
        phone: '+48 58 100 20 30',
        description: '<p>Miejsce dla rodzin z maluchami.</p>',
        'categories[]': '2',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_whole_day[${d}]`, '1'])),
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const placeId = (created.json as { data: { id: number } }).data.id;
    const slugsOfPlace = async () =>
      (
        (await callFromPage(company, 'GET', `/api/place/${placeId}`)).json as {
          data: { attributes: { slug: string }[] };
        }
      ).data.attributes.map((a) => a.slug);

    await company.goto(`/account/edit-place/${placeId}`);
    await hydrated(company);
    const form = company.getByRole('form', { name: 'Dane miejsca' });
    await form.getByRole('checkbox', { name: namePl, exact: true }).check();
    await form.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await company.waitForURL(/\/account\/places$/);
    expect(await slugsOfPlace()).toContain(slug);

    await company.goto('/list');
    expect(await (await filterBox(company, namePl, 'Filtry')).count()).toBe(1);

    // The admin renames it in English: /en/list's filter says the new name.
    await admin.reload();
    await hydrated(admin);
    await list.getByRole('button', { name: `${t.edit}: ${namePl}` }).click();
    const nameEnField = list.getByLabel(t.nameEn);
    await expect.poll(() => nameEnField.inputValue()).toBe(nameEn);
    await nameEnField.fill(renamedEn);
    await list.getByRole('button', { name: t.save, exact: true }).click();
    await expect.poll(() => list.getByRole('cell', { name: renamedEn, exact: true }).count()).toBe(1);
    await company.goto('/en/list');
    expect(await (await filterBox(company, renamedEn, 'Filters')).count()).toBe(1);
    expect(await company.getByRole('checkbox', { name: nameEn, exact: true }).count()).toBe(0);

    // The dialog says what the deletion takes it off: one place, no event.
    await admin.reload();
    await hydrated(admin);
    await list.getByRole('button', { name: `${t.delete}: ${namePl}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Usunąć „${namePl}”?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const said = (await dialog.textContent()) ?? '';
    expect(said).toContain('Ta cecha zniknie z 1 miejsca i 0 wydarzeń.');
    expect(said).toContain('Tej operacji nie można cofnąć.');
    await expectNoAxeViolations(admin, { include: 'dialog[open]', label: 'delete dialog' });
    await dialog.getByRole('button', { name: t.delete, exact: true }).click();
    await expect.poll(() => list.getByRole('cell', { name: namePl, exact: true }).count()).toBe(0);
    expect((await adminAttributes(admin)).map((a) => a.slug)).not.toContain(slug);
    expect(await slugsOfPlace()).not.toContain(slug);
    await company.goto('/list');
    await hydrated(company);
    expect(await company.getByRole('checkbox', { name: namePl, exact: true }).count()).toBe(0);

    // Clean-up: the place made for this test.
    expect((await callFromPage(company, 'DELETE', `/api/place/${placeId}`)).status).toBe(204);
    expect(adminErrors).toEqual([]);
    expect(companyErrors).toEqual([]);
    await companyContext.close();
    await adminContext.close();
  });

  it('tells an empty name and a taken slug next to the field, and changes nothing', {
    timeout: 120_000,
  }, async () => {
    const context = await contextOf(1440, 900);
    const admin = await signIn(context, adminEmail, adminPassword);
    const errors = watchErrors(admin, refused);
    await admin.goto(pagePath);
    await hydrated(admin);
    const before = await adminAttributes(admin);
    const taken = before.find((a) => a.slug === 'changing_table');
    expect(taken).toBeDefined();

    const create = admin.getByRole('region', { name: t.create });
    const namePl = create.getByLabel(t.namePl);
    const slug = create.getByLabel(t.slug);
    await create.getByLabel(t.nameEn).fill('Quiet room');
    await slug.fill('quiet_room_e2e');
    await create.getByLabel(t.group).selectOption('accessibility');
    await create.getByLabel(t.icon).selectOption('volume-x');
    await create.getByLabel(t.position).fill('95');
    await create.getByLabel(t.forPlaces).check();
    await create.getByRole('button', { name: t.add }).click();
    await expect.poll(() => errorOf(admin, namePl)).toBe(t.required);
    expect(await errorOf(admin, slug)).toBe('');

    await namePl.fill('Cichy pokój');
    await slug.fill('changing_table');
    await create.getByRole('button', { name: t.add }).click();
    await expect.poll(() => errorOf(admin, slug)).toBe(t.slugTaken);
    expect(await errorOf(admin, namePl)).toBe('');

    // The same in the edit panel: a taken slug leaves the attribute as it was.
    const list = admin.getByRole('region', { name: t.list });
    const other = before.find((a) => a.slug === 'parking');
    expect(other).toBeDefined();
    await list.getByRole('button', { name: `${t.edit}: ${other?.name_pl}` }).click();
    const editSlug = list.getByLabel(t.slug);
    await editSlug.fill('changing_table');
    await list.getByRole('button', { name: t.save, exact: true }).click();
    await expect.poll(() => errorOf(admin, editSlug)).toBe(t.slugTaken);

    expect(await adminAttributes(admin)).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { locale: 'pl', width: 360, height: 740 },
    { locale: 'en', width: 1440, height: 900 },
  ] as const)(
    'passes axe in $locale at $width px, without sideways scroll',
    {
      timeout: 120_000,
    },
    async ({ locale, width, height }) => {
      const context = await contextOf(width, height);
      const admin = await signIn(context, adminEmail, adminPassword);
      const errors = watchErrors(admin);
      await admin.goto(locale === 'en' ? `/en${pagePath}` : pagePath);
      await hydrated(admin);
      const l = texts[locale];
      const list = admin.getByRole('region', { name: l.list });
      const [first] = await adminAttributes(admin);
      const name = first?.name_pl ?? '';
      expect(name).not.toBe('');
      await expectNoAxeViolations(admin, { label: `${locale} ${width} px` });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // With the edit panel open, and with the delete dialog (cancelled by Escape: nothing is deleted).
      await list.getByRole('button', { name: `${l.edit}: ${name}` }).click();
      await expectNoAxeViolations(admin, { label: `${locale} ${width} px, editing` });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const remove = list.getByRole('button', { name: `${l.delete}: ${name}` });
      await remove.click();
      await expect.poll(() => admin.getByRole('dialog').isVisible()).toBe(true);
      await expectNoAxeViolations(admin, { include: 'dialog[open]', label: `${locale} ${width} px, dialog` });
      await admin.keyboard.press('Escape');
      await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
      expect((await adminAttributes(admin)).map((a) => a.name_pl)).toContain(name);

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
