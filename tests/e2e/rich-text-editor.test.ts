import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { choosePlace, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 31, item 4: descriptions are written in a rich-text editor (bold, italic, lists, links, one heading
// level), loaded after the form page; the server sanitises what arrives. Here on a 360 px phone, with the
// keyboard and the editor's toolbar only, in both language tabs.

const browser = setupBrowser();

/** The event form on /calendar with everything but the texts filled in. */
async function newEventForm(page: Page) {
  await page.goto('/calendar');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
  await choosePlace(form);
  await form.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Koncerty' });
  await form.getByLabel('Data rozpoczęcia').fill('2027-06-19');
  await form.getByLabel('Godzina rozpoczęcia').fill('20:00');
  await form.getByLabel('Data zakończenia').fill('2027-06-19');
  await form.getByLabel('Godzina zakończenia').fill('22:00');
  await form.getByLabel('Cena od (zł)').fill('0');
  await form.getByLabel('Cena do (zł)').fill('0');
  await form.getByLabel('Liczba wolnych miejsc').fill('50');
  return form;
}

/** The description's editor, once its code has loaded and taken the textarea's place. */
async function editorOf(form: Locator): Promise<Locator> {
  const editor = form.getByRole('textbox', { name: 'Opis' });
  await expect.poll(() => editor.getAttribute('contenteditable')).toBe('true');
  return editor;
}

/** The accessible name of what has the focus: aria-label, its label's text or its own. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? '';
  });

/** The focus is back in the editable text of the language `lang`. */
const inText = (page: Page, lang: string) =>
  expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.getAttribute('role')} ${el?.getAttribute('lang')}`;
      }),
    )
    .toBe(`textbox ${lang}`);

/**
 * A key the browser handles itself (Home, End): the editor learns of the new selection from the next
 * selectionchange event, which a person's next key never outruns but a test's can.
 */
async function pressNative(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** From the text, Shift+Tab to the toolbar (one Tab stop), arrows to the button named `name`, Enter. */
async function pressTool(page: Page, name: string) {
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 8 && (await focusedName(page)) !== name; i++) await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toBe(name);
  await page.keyboard.press('Enter');
}

describe('the description editor', () => {
  it('writes bold, lists and links in both languages with the keyboard, and the pages show them', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 } });
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    const form = await newEventForm(page);
    await form.getByLabel('Nazwa wydarzenia').fill('Wieczór z gitarą');

    // Polish: bold with Ctrl+B, a bulleted list from the toolbar, a link with Ctrl+K.
    const editor = await editorOf(form);
    const toolbar = form.getByRole('toolbar', { name: 'Formatowanie tekstu' });
    const bold = toolbar.getByRole('button', { name: 'Pogrubienie' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await editor.focus();
    await page.keyboard.type('Muzyka ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('na żywo');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await pressTool(page, 'Lista punktowana');
    await expect
      .poll(() => toolbar.getByRole('button', { name: 'Lista punktowana' }).getAttribute('aria-pressed'))
      .toBe('true');
    await inText(page, 'pl');
    await page.keyboard.type('Gitara');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Skrzypce');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bilety');
    await pressNative(page, 'Shift+Home');
    await page.keyboard.press('Control+k');
    await expect.poll(() => focusedName(page)).toBe('Adres linku');
    // Only web and e-mail addresses: a script's address is refused, and said so.
    await page.keyboard.type('javascript:alert(1)');
    await page.keyboard.press('Enter');
    const address = form.getByLabel('Adres linku');
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('bilety.example.com/wieczor');
    await page.keyboard.press('Enter');
    await expect.poll(() => address.count()).toBe(0);
    await inText(page, 'pl');
    await page.keyboard.press('Enter');
    await page.keyboard.type('<script>window.pwned = 1</script>');
    const polishHtml = await form.locator('input[type="hidden"][name="description"]').inputValue();
    expect(polishHtml).toContain('<strong>na żywo</strong>');
    expect(polishHtml).toContain('<ul><li><p>Gitara</p></li><li><p>Skrzypce</p></li></ul>');
    expect(polishHtml).toContain('<a href="https://bilety.example.com/wieczor">Bilety</a>');
    expect(polishHtml).toContain('&lt;script&gt;');

    // The editor at 360 px: no axe violation, and its toolbar wraps within the screen.
    await expectNoAxeViolations(page, { label: 'event form with the description editor, 360 px' });
    const box = await toolbar.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // English, in its own tab: the link from the toolbar's button this time.
    await form.getByRole('tab', { name: 'Angielski' }).click();
    await form.getByLabel('Nazwa wydarzenia').fill('An evening with a guitar');
    const english = await editorOf(form);
    expect(await english.getAttribute('lang')).toBe('en');
    await english.focus();
    await page.keyboard.type('Live ');
    await pressTool(page, 'Pogrubienie');
    await page.keyboard.type('acoustic');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' music.');
    await page.keyboard.press('Enter');
    await pressTool(page, 'Lista punktowana');
    await page.keyboard.type('Guitar');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tickets');
    await pressNative(page, 'Shift+Home');
    await pressTool(page, 'Wstaw lub zmień link');
    await expect.poll(() => focusedName(page)).toBe('Adres linku');
    await page.keyboard.type('https://tickets.example.com/evening');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Zastosuj');
    await page.keyboard.press('Enter');
    await inText(page, 'en');
    const englishHtml = await form.locator('input[type="hidden"][name="description_en"]').inputValue();
    expect(englishHtml).toContain('<strong>acoustic</strong>');
    expect(englishHtml).toContain('<ul><li><p>Guitar</p></li></ul>');
    expect(englishHtml).toContain('<a href="https://tickets.example.com/evening">Tickets</a>');
    // The Polish text waits in its hidden input while the English tab is shown.
    expect(await form.locator('input[type="hidden"][name="description"]').inputValue()).toBe(polishHtml);

    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    const id = new URL(page.url()).pathname.split('/').pop();

    // Each page shows its language's description with its formatting; the typed script is text.
    const shows = async (
      path: string,
      section: string,
      want: { bold: string; item: string; link: string[] },
    ) => {
      await page.goto(path);
      const text = page.getByRole('region', { name: section }).locator('.prose-text');
      expect(await text.locator('strong').textContent(), path).toBe(want.bold);
      expect(await text.locator('ul > li').first().textContent(), path).toBe(want.item);
      const link = text.getByRole('link', { name: want.link[0] });
      expect(await link.getAttribute('href'), path).toBe(want.link[1]);
      expect(await link.getAttribute('rel'), path).toContain('nofollow');
      expect(await text.evaluate((el) => el.closest('[lang]')?.getAttribute('lang')), path).toBe(
        path.startsWith('/en/') ? 'en' : 'pl',
      );
      return text;
    };
    const polishText = await shows(`/event/${id}`, 'O wydarzeniu', {
      bold: 'na żywo',
      item: 'Gitara',
      link: ['Bilety', 'https://bilety.example.com/wieczor'],
    });
    expect(await polishText.getByText('<script>window.pwned = 1</script>').count()).toBe(1);
    expect(await polishText.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    // The edit form's editor starts from the saved HTML.
    await page.goto(`/calendar?edit=${id}`);
    await hydrated(page);
    const edit = page.getByRole('form', { name: 'Edycja wydarzenia' });
    const saved = await editorOf(edit);
    await expect.poll(() => saved.locator('strong').textContent()).toBe('na żywo');
    expect(await saved.getByRole('link', { name: 'Bilety' }).count()).toBe(1);

    await shows(`/en/event/${id}`, 'About the event', {
      bold: 'acoustic',
      item: 'Guitar',
      link: ['Tickets', 'https://tickets.example.com/evening'],
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
