import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { embedScriptPath, widgetPath } from '@/lib/widget';
import { pageSecurityHeaders } from '@/web/security-headers';
import { createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 17 point 2: the embeddable widget (a place's or a search's next events as plain HTML that any
// site may frame, with no cookie and under 15 KB) and the script snippet's embed.js.

setupTestDb();
const api = setupApi();

const day = 86_400_000;
const budget = 15 * 1024;
let categoryId: number;
let organiser: Awaited<ReturnType<typeof createOrganiser>>;
let otherPlaceId: number;

async function addEvent(
  placeId: number,
  name: string,
  inDays: number,
  extra: Partial<typeof s.events.$inferInsert> = {},
) {
  const db = await getDb();
  const start = new Date(Math.floor((Date.now() + inDays * day) / 60_000) * 60_000);
  const [event] = await db
    .insert(s.events)
    .values({
      userId: organiser.user.id,
      placeId,
      categoryId,
      name,
      city: 'Gdańsk',
      placeName: 'Sala Widżetowa',
      street: 'Długa 1',
      postcode: '80-001',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3_600_000),
      ...extra,
    })
    .returning();
  return event!;
}

/** The events' names as the widget lists them, in order (the text of each list item's link). */
function listedNames(html: string): string[] {
  const list = html.match(/<ol>(.*)<\/ol>/s)?.[1] ?? '';
  // A name in another language than the widget's is wrapped in a span naming it (issue 31).
  return [...list.matchAll(/<li><a [^>]*>(.*?)<\/a>/g)].map((m) =>
    (m[1] ?? '').replace(/<\/?span[^>]*>/g, ''),
  );
}

async function widget(query: string) {
  return api().inject({ url: `${widgetPath}?${query}` });
}

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

beforeAll(async () => {
  const db = await getDb();
  const [category] = await db.select({ id: s.categories.id }).from(s.categories).limit(1);
  categoryId = category!.id;
  organiser = await createOrganiser();
  const [other] = await db
    .insert(s.places)
    .values({
      userId: organiser.user.id,
      name: 'Inna',
      city: 'Sopot',
      street: 'Morska 2',
      postcode: '81-001',
    })
    .returning();
  otherPlaceId = other!.id;
  await addEvent(organiser.placeId, 'Widget past', -3);
  await addEvent(organiser.placeId, 'Widget hidden', 2, { hiddenAt: new Date() });
  for (let i = 1; i <= 25; i++)
    await addEvent(organiser.placeId, `Widget next ${String(i).padStart(2, '0')}`, i);
  await addEvent(otherPlaceId, 'Widget elsewhere', 1, { city: 'Sopot', placeName: 'Inna' });
});

describe('a place’s widget', () => {
  it('lists the place’s next events only: no past, no hidden, no other place; five by default', async () => {
    const res = await widget(`place_id=${organiser.placeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(listedNames(res.body)).toEqual([1, 2, 3, 4, 5].map((i) => `Widget next 0${i}`));
    expect(res.body).not.toContain('Widget past');
    expect(res.body).not.toContain('Widget hidden');
    expect(res.body).not.toContain('Widget elsewhere');
    // Name to the event's page in a new tab, the start in Warsaw time, the place and city; a "more" link.
    const origin = getConfig().publicUrl;
    expect(res.body).toMatch(
      new RegExp(`<a href="${origin}/event/\\d+" aria-describedby="n">Widget next 01</a>`),
    );
    // Every link opens in a new tab, and says so to screen readers.
    expect(res.body).toContain('<base target="_blank">');
    expect(res.body).toContain('<span id="n" hidden>(otwiera się w nowej karcie)</span>');
    expect(res.body).toMatch(
      /<time datetime="[^"]+">\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}<\/time> · Sala Widżetowa, Gdańsk/,
    );
    expect(res.body).toContain(`href="${origin}/places/${organiser.placeId}"`);
    expect(res.body).toContain('Więcej na Wydarzenia i Miejsca');
    expect(res.body).toContain('<html lang="pl" class="light">');
  });

  it('shows the start in Europe/Warsaw time', async () => {
    const db = await getDb();
    // 18:30 UTC in January is 19:30 in Warsaw.
    const place = await db
      .insert(s.places)
      .values({
        userId: organiser.user.id,
        name: 'Zimowa',
        city: 'Gdańsk',
        street: 'Długa 3',
        postcode: '80-001',
      })
      .returning();
    const year = new Date().getUTCFullYear() + 1;
    await addEvent(place[0]!.id, 'Winter', 0, {
      startDate: new Date(`${year}-01-15T18:30:00Z`),
      endDate: new Date(`${year}-01-15T20:30:00Z`),
    });
    const res = await widget(`place_id=${place[0]!.id}`);
    expect(res.body).toContain(`>15.01.${year} 19:30</time>`);
  });

  it('takes a limit from 1 to 20 and refuses any other with a 422 page, never a 5xx', async () => {
    expect(listedNames((await widget(`place_id=${organiser.placeId}&limit=1`)).body)).toEqual([
      'Widget next 01',
    ]);
    expect(listedNames((await widget(`place_id=${organiser.placeId}&limit=20`)).body)).toHaveLength(20);
    for (const bad of [
      'limit=0',
      'limit=21',
      'limit=abc',
      'theme=pink',
      'lang=de',
      'place_id=-1',
      'date_from=2026-02-30',
      'order_by=closest',
    ]) {
      const res = await widget(`place_id=${organiser.placeId}&${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.headers['content-type'], bad).toBe('text/html; charset=utf-8');
      expect(res.body, bad).toContain('Ustawienia widżetu są nieprawidłowe.');
      expect(res.headers['set-cookie'], bad).toBeUndefined();
    }
    const english = await widget('limit=99&lang=en&theme=dark');
    expect(english.statusCode).toBe(422);
    expect(english.body).toContain('The widget&#39;s settings are not valid.');
    expect(english.body).toMatch(/<li>limit: [^<]+<\/li>/);
    expect(english.body).toContain('class="dark"');
  });

  it('has a dark theme and an English version', async () => {
    const res = await widget(`place_id=${organiser.placeId}&theme=dark&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en" class="dark">');
    expect(res.body).toContain('Upcoming events');
    expect(res.body).toContain('More on Wydarzenia i Miejsca');
    expect(res.body).toContain('(opens in a new tab)');
    const origin = getConfig().publicUrl;
    expect(res.body).toContain(`href="${origin}/en/places/${organiser.placeId}"`);
    expect(res.body).toMatch(new RegExp(`href="${origin}/en/event/\\d+"`));
  });

  it('says so when there is nothing coming', async () => {
    const res = await widget(`place_id=${otherPlaceId}&date_from=2020-01-01&date_end=2020-01-02`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Brak nadchodzących wydarzeń.');
    expect(res.body).not.toContain('<ol>');
  });
});

describe('a search widget', () => {
  it('lists what GET /api/event finds for the same parameters, and links to that search on /list', async () => {
    const res = await widget('localization=sopot&search=elsewhere&limit=10');
    expect(res.statusCode).toBe(200);
    expect(listedNames(res.body)).toEqual(['Widget elsewhere']);
    const api1 = await api().inject({ url: '/api/event?localization=sopot&search=elsewhere&limit=10' });
    expect(api1.json().data.map((e: { name: string }) => e.name)).toEqual(['Widget elsewhere']);
    expect(res.body).toContain(
      `href="${getConfig().publicUrl}/list?localization=sopot&amp;search=elsewhere#event_type"`,
    );
    // Paging is not a widget parameter: the next events are always its first.
    const paged = await widget(`place_id=${organiser.placeId}&page=3&per_page=2`);
    expect(listedNames(paged.body)[0]).toBe('Widget next 01');
  });
});

describe('what the widget must never do', () => {
  it('escapes event names: a name made of markup stays text', async () => {
    const db = await getDb();
    const [place] = await db
      .insert(s.places)
      .values({
        userId: organiser.user.id,
        name: 'XSS',
        city: 'Gdańsk',
        street: 'Długa 5',
        postcode: '80-001',
      })
      .returning();
    await addEvent(place!.id, '<img src=x onerror=alert(1)>', 1, {
      placeName: '"><script>alert(2)</script>',
    });
    const res = await widget(`place_id=${place!.id}`);
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('alert(2)</script>');
    // The only script is the page's own, allowed by its hash; nothing else may run.
    expect(res.body.match(/<script>/g)).toHaveLength(1);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toHaveLength(1);
    expect(csp.get('script-src')?.[0]).toMatch(/^'sha256-/);
  });

  it('sets no cookie, even for a signed-in visitor with an expired session', async () => {
    const res = await api().inject({
      url: `${widgetPath}?place_id=${organiser.placeId}`,
      headers: { cookie: 'refresh_token=whatever; visitor=abc', ...organiser.auth },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('may be framed by any site, while every other answer keeps frame-ancestors none', async () => {
    for (const url of [`${widgetPath}?place_id=${organiser.placeId}`, `${widgetPath}?limit=0`]) {
      const res = await api().inject({ url });
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(['*']);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Pages: never framed by anyone, though they may frame the widget themselves (the Embed preview).
    const pages = pageSecurityHeaders({ config: getConfig(), nonce: 'n0nce' });
    expect(pages['X-Frame-Options']).toBe('DENY');
    expect(directives(pages['Content-Security-Policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(pages['Content-Security-Policy']).get('frame-src')).toEqual(["'self'"]);
    for (const url of ['/api/event', '/api/category', `/api/widget/nothing`]) {
      const res = await api().inject({ url });
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
    }
  });

  it('stays under 15 KB at its largest: 20 events with the longest names', async () => {
    const db = await getDb();
    const [place] = await db
      .insert(s.places)
      .values({
        userId: organiser.user.id,
        name: 'Duża',
        city: 'Gdańsk',
        street: 'Długa 7',
        postcode: '80-001',
      })
      .returning();
    // Issue 28: each of them promoted, so each carries the label naming a payer of the longest name.
    await db
      .update(s.users)
      .set({ companyName: 'Ż'.repeat(200) })
      .where(eq(s.users.id, organiser.user.id));
    for (let i = 0; i < 20; i++) {
      const event = await addEvent(
        place!.id,
        `${'Długa nazwa wydarzenia '.repeat(9)}${i}`.slice(0, 200),
        i + 1,
        {
          placeName: 'Ż'.repeat(200),
          city: 'Ł'.repeat(100),
        },
      );
      await db.insert(s.eventPromotions).values({
        eventId: event.id,
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + 30 * day),
      });
    }
    const res = await widget(`place_id=${place!.id}&limit=20&theme=dark&lang=en`);
    const names = listedNames(res.body);
    expect(names).toHaveLength(20);
    expect(res.body.match(/<summary>Sponsored<\/summary>Ad\. Paid for by Ż+…<\/details>/g)).toHaveLength(20);
    // Cut to fit, visibly: the whole name is one click away.
    expect(names[0]).toMatch(/^Długa nazwa wydarzenia .*…$/);
    // Issue 31: Polish names in an English widget are marked, with the note.
    expect(res.body.match(/<span lang="pl">Długa nazwa/g)).toHaveLength(20);
    expect(res.body.match(/ · Only in Polish<\/p>/g)).toHaveLength(20);
    expect(res.rawPayload.byteLength).toBeLessThan(budget);
    // A header-to-body count: what the host page's visitor really downloads for the frame.
    const headerBytes = Object.entries(res.headers).reduce(
      (n, [k, v]) => n + k.length + String(v).length + 4,
      0,
    );
    expect(res.rawPayload.byteLength + headerBytes).toBeLessThan(budget);
  });
});

describe('embed.js', () => {
  it('is small, JavaScript, cacheable, and has no cookie', async () => {
    const res = await api().inject({ url: embedScriptPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.rawPayload.byteLength).toBeLessThan(4 * 1024);
    // It frames the widget and only trusts height messages from its own frame.
    expect(res.body).toContain(widgetPath);
    expect(res.body).toContain('event.origin !== origin');
    expect(res.body).toContain('event.source !== frame.contentWindow');
    expect(res.body).toContain('document.currentScript');
    // Valid JavaScript that defines nothing global.
    expect(() => new Function(res.body)).not.toThrow();
    expect(res.body.trim()).toMatch(/^\(function \(\) \{[\s\S]*\}\)\(\);$/);
  });

  it('the widget still lists events after a change, within the search cache’s rules', async () => {
    const before = listedNames((await widget(`place_id=${otherPlaceId}`)).body);
    const db = await getDb();
    await db.update(s.events).set({ name: 'Widget renamed' }).where(eq(s.events.placeId, otherPlaceId));
    const after = listedNames((await widget(`place_id=${otherPlaceId}`)).body);
    expect(before).toEqual(['Widget elsewhere']);
    expect(after).toEqual(['Widget renamed']);
  });
});
