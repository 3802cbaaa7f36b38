import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { feedQuerySchema } from '@/lib/feeds/feed-query';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { searchEvents } from '@/server/search/search-events';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { getFeed } from './get-feed';

// Issue 17: a company's events, by the search's company_id (its feed and GET /api/event?company_id=).

const ids = async (query: Record<string, string>) =>
  (await searchEvents(eventSearchQuerySchema.parse(query), new Date())).data.map((e) => e.id);

describe('searchEvents company_id', () => {
  it("keeps to the company's own public events, at any of its places", async () => {
    const company = await insertActor('company');
    const other = await insertActor('company');
    const [first, second] = [await insertPlace(company.id), await insertPlace(company.id)];
    const own = [await insertEvent(company.id, first.id), await insertEvent(company.id, second.id)];
    const hidden = await insertEvent(company.id, first.id);
    await (await getDb()).update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
    const foreign = await insertEvent(other.id, (await insertPlace(other.id)).id);

    expect((await ids({ company_id: String(company.id) })).sort()).toEqual(own.map((e) => e.id).sort());
    expect(await ids({ company_id: String(other.id) })).toEqual([foreign.id]);
    expect(await ids({ company_id: String(company.id), place_id: String(second.id) })).toEqual([own[1]!.id]);
    expect(eventSearchQuerySchema.safeParse({ company_id: '0' }).success).toBe(false);
  });

  it("writes the company's feed from the same search, without the hidden event", async () => {
    const company = await insertActor('company');
    const place = await insertPlace(company.id);
    const shown = await insertEvent(company.id, place.id);
    const hidden = await insertEvent(company.id, place.id);
    await (await getDb()).update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
    const feed = await getFeed({
      format: 'json',
      query: feedQuerySchema.parse({ company_id: String(company.id) }),
      locale: 'en',
    });
    const items = (JSON.parse(feed.body) as { items: { url: string }[] }).items;
    expect(items.map((i) => i.url.split('/').pop())).toEqual([String(shown.id)]);
    expect(feed.contentType).toBe('application/feed+json; charset=utf-8');
  });
});
