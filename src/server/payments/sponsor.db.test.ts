import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { eventPromotions, homeAds } from '@/db/schema';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { listEventCards } from '@/server/events/event-cards';
import { searchEvents } from '@/server/search/search-events';
import { renderWidget } from '@/server/widget/render-widget';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { listActiveHomeAds } from './home-ads';

// Issue 28, EU DSA art. 26: every paid placement names who paid, from the same query as its cards.

const day = 86_400_000;

async function promote(eventId: number, now: Date, { ended = false } = {}) {
  await (await getDb()).insert(eventPromotions).values({
    eventId,
    startsAt: new Date(now.getTime() - (ended ? 3 : 1) * day),
    endsAt: new Date(now.getTime() + (ended ? -1 : 5) * day),
  });
}

describe('the sponsor of a paid placement', () => {
  it('is the owner’s company name on a promoted card of the carousel and of the search, null elsewhere', async () => {
    const now = new Date();
    const company = await insertActor('company', { companyName: 'Teatr Wybrzeże Sp. z o.o.' });
    const place = await insertPlace(company.id);
    const promoted = await insertEvent(company.id, place.id);
    const plain = await insertEvent(company.id, place.id);
    const ended = await insertEvent(company.id, place.id);
    await promote(promoted.id, now);
    await promote(ended.id, now, { ended: true });

    const carousel = await listEventCards({ order: 'promoted', limit: 100, locale: 'pl', now });
    const slide = carousel.find((e) => e.id === promoted.id);
    expect(slide?.sponsor).toBe('Teatr Wybrzeże Sp. z o.o.');
    expect(carousel.map((e) => e.id)).not.toContain(plain.id);
    expect(carousel.map((e) => e.id)).not.toContain(ended.id);
    // The other home lists do not place events by payment: no sponsor there.
    const latest = await listEventCards({ order: 'latest', limit: 100, locale: 'pl', now });
    expect(latest.find((e) => e.id === promoted.id)?.sponsor).toBeNull();

    const found = await searchEvents(
      eventSearchQuerySchema.parse({ company_id: String(company.id), order_by: 'promoted' }),
      now,
    );
    const byId = new Map(found.data.map((e) => [e.id, e]));
    expect(found.data[0]?.id).toBe(promoted.id);
    expect(byId.get(promoted.id)).toMatchObject({ promoted: true, sponsor: 'Teatr Wybrzeże Sp. z o.o.' });
    expect(byId.get(plain.id)).toMatchObject({ promoted: false, sponsor: null });
    expect(byId.get(ended.id)).toMatchObject({ promoted: false, sponsor: null });
  });

  it('falls back to the person’s name for an owner without a company name', async () => {
    const now = new Date();
    const owner = await insertActor('company', { companyName: '  ', firstName: 'Jan', lastName: 'Nowak' });
    const event = await insertEvent(owner.id, (await insertPlace(owner.id)).id);
    await promote(event.id, now);
    const found = await searchEvents(eventSearchQuerySchema.parse({ company_id: String(owner.id) }), now);
    expect(found.data[0]).toMatchObject({ id: event.id, sponsor: 'Jan Nowak' });
  });

  it('is named on a home-page ad: the buyer’s company, not the name shown in the ad', async () => {
    const now = new Date();
    const buyer = await insertActor('company', { companyName: 'Klub Żak' });
    const place = await insertPlace(buyer.id);
    const [ad] = await (await getDb())
      .insert(homeAds)
      .values({
        userId: buyer.id,
        placeId: place.id,
        name: 'Najlepsze koncerty',
        startsAt: new Date(now.getTime() - day),
        endsAt: new Date(now.getTime() + day),
      })
      .returning();
    const ads = await listActiveHomeAds({ now });
    expect(ads.find((a) => a.id === ad!.id)).toMatchObject({
      name: 'Najlepsze koncerty',
      sponsor: 'Klub Żak',
    });
  });

  it('is labelled in the widget for a promoted event only', () => {
    const base = {
      startDate: new Date().toISOString(),
      placeName: 'Filharmonia',
      city: 'Gdańsk',
      lang: 'en' as const,
    };
    const html = renderWidget({
      events: [
        { ...base, id: 1, name: 'Paid', sponsor: 'Teatr <Wybrzeże>' },
        { ...base, id: 2, name: 'Free', sponsor: null },
      ],
      lang: 'en',
      theme: 'light',
      eventUrl: (id) => `https://example.com/event/${id}`,
      moreUrl: 'https://example.com/list',
    });
    expect(html).toContain(
      '<details><summary>Sponsored</summary>Ad. Paid for by Teatr &lt;Wybrzeże&gt;</details>',
    );
    expect(html.match(/<details>/g)).toHaveLength(1);
    const pl = renderWidget({
      events: [{ ...base, id: 1, name: 'Paid', sponsor: 'Teatr', lang: 'pl' }],
      lang: 'pl',
      theme: 'dark',
      eventUrl: (id) => `https://example.com/event/${id}`,
      moreUrl: 'https://example.com/list',
    });
    expect(pl).toContain('<summary>Promowane</summary>Reklama. Płaci: Teatr</details>');
  });
});
