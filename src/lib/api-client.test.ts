import { describe, expect, it } from 'vitest';
import { apiUrl } from './api-client';

describe('apiUrl', () => {
  it('fills the description’s path parameters, encoded', () => {
    expect(apiUrl('/api/event/{id}/ics', { params: { id: 7 } })).toBe('/api/event/7/ics');
    expect(apiUrl('/api/payu/buy_promo/{name}', { params: { name: 'Jazz & blues/2' } })).toBe(
      '/api/payu/buy_promo/Jazz%20%26%20blues%2F2',
    );
    expect(apiUrl('/api/payu/buy_premium/{id}/{months}', { params: { id: 2, months: 12 } })).toBe(
      '/api/payu/buy_premium/2/12',
    );
  });

  it('adds the query without its empty values', () => {
    expect(apiUrl('/api/user/stats.csv', { query: { days: 30, company_id: undefined } })).toBe(
      '/api/user/stats.csv?days=30',
    );
    expect(apiUrl('/api/geo/city', { query: { name: 'Kraków' } })).toBe('/api/geo/city?name=Krak%C3%B3w');
    expect(apiUrl('/api/session/refresh')).toBe('/api/session/refresh');
  });
});
