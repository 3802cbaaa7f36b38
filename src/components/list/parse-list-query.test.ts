import { describe, expect, it } from 'vitest';
import { listHref } from './list-url';
import { parseListQuery } from './parse-list-query';

describe('parseListQuery', () => {
  it('reads the filters, pages and the events sort of a shared link', () => {
    const q = parseListQuery({
      search: 'jazz',
      localization: 'Kraków',
      category_id: '3',
      price_min: '10',
      price_max: '200',
      date_from: '2030-01-01',
      date_end: '2030-01-31',
      order_by: 'price_asc',
      page: '2',
      place_page: '3',
    });
    expect(q.dropped).toEqual([]);
    expect(q.events).toMatchObject({ search: 'jazz', category_id: 3, price_min: 10, page: 2, per_page: 12 });
    expect(q.places).toMatchObject({ search: 'jazz', localization: 'Kraków', category_id: 3, page: 3 });
    expect(q.places).not.toHaveProperty('price_min');
    expect(listHref(q.filters, { page: 2, place_page: 3 }, '#event_type')).toBe(
      '/list?search=jazz&localization=Krak%C3%B3w&category_id=3&price_min=10&price_max=200&date_from=2030-01-01&date_end=2030-01-31&order_by=price_asc&page=2&place_page=3#event_type',
    );
  });

  it('asks both tabs "open now": places open now and events on now, unless the events chose tonight', () => {
    const now = parseListQuery({ localization: 'Gdańsk', open_now: '1' });
    expect(now.places.open_now).toBe(true);
    expect(now.events.happening).toBe('now');
    // The shared link keeps what the URL said, not the events' derived filter.
    expect(listHref(now.filters, {}, '')).toBe('/list?localization=Gda%C5%84sk&open_now=1');
    const tonight = parseListQuery({ open_now: '1', happening: 'tonight' });
    expect(tonight.events.happening).toBe('tonight');
    // Dates chosen for the events are their question: they are not narrowed to "now" as well.
    const tomorrow = parseListQuery({ open_now: '1', date_from: '2030-01-02', date_end: '2030-01-02' });
    expect(tomorrow.events.happening).toBeUndefined();
    expect(tomorrow.places.open_now).toBe(true);
    expect(parseListQuery({ localization: 'Gdańsk' }).events.happening).toBeUndefined();
    const bad = parseListQuery({ open_now: 'yes' });
    expect(bad.dropped).toEqual(['open_now']);
    expect(bad.events.happening).toBeUndefined();
  });

  it('drops each bad value and keeps the rest', () => {
    const q = parseListQuery({ search: 'teatr', category_id: 'abc', date_from: '2030-13-45', page: '-1' });
    expect(q.dropped.sort()).toEqual(['category_id', 'date_from', 'page']);
    expect(q.events).toMatchObject({ search: 'teatr' });
    expect(q.events.category_id).toBeUndefined();
  });

  it('drops a page past the result window, so the searches never walk that deep', () => {
    // 12 per page: page 833 ends at result 9,996, page 834 would go past 10,000.
    const q = parseListQuery({ page: '834', place_page: '5000' });
    expect(q.dropped.sort()).toEqual(['page', 'place_page']);
    expect(q.events.page).toBeUndefined();
    expect(q.places.page).toBeUndefined();
    expect(parseListQuery({ page: '833', place_page: '833' }).dropped).toEqual([]);
  });

  it('drops values that break a rule between fields', () => {
    const q = parseListQuery({
      date_from: '2030-02-01',
      date_end: '2030-01-01',
      price_min: '50',
      price_max: '5',
    });
    expect(q.dropped.sort()).toEqual(['date_end', 'price_max']);
    expect(q.filters).toMatchObject({ date_from: '2030-02-01', price_min: 50 });
  });

  it('ignores a distance or "closest" without a location, and the slider ends', () => {
    const q = parseListQuery({ max_distance: '10', order_by: 'closest', price_min: '1', price_max: '99999' });
    expect(q.dropped).toEqual(['location']);
    expect(q.filters).toEqual(expect.objectContaining({ max_distance: undefined, order_by: undefined }));
    expect(q.events.price_min).toBeUndefined();
    expect(q.events.price_max).toBeUndefined();
    const near = parseListQuery({ max_distance: '10', lat: '50.06', lng: '19.94' });
    expect(near.dropped).toEqual([]);
    expect(near.places).toMatchObject({ max_distance: 10, order_by: 'closest' });
  });

  it('refuses API orders the sort control does not offer and repeated parameters', () => {
    const q = parseListQuery({ order_by: 'promoted', search: ['a b', 'c'] });
    expect(q.dropped).toEqual(['order_by']);
    expect(q.filters.search).toBe('a b');
  });
});
