import { describe, expect, it } from 'vitest';
import { addMonths, monthlyAmount, planLines, promoApplies } from './plan-promo';

// Spec §9: "Promo badge only if price above 0, plan promo-active and user anonymous or registered within
// promo_months (default 6) months."

const pro = { price: 9900, promo: 20, promoMonths: 3, isPromoActive: true };
const now = new Date('2026-11-24T12:00:00Z');

describe('the promo rule', () => {
  it('applies to anonymous visitors and to accounts younger than promo_months', () => {
    expect(promoApplies(pro, null, now)).toBe(true);
    expect(promoApplies(pro, new Date('2026-09-25T12:00:00Z'), now)).toBe(true);
    expect(promoApplies(pro, new Date('2026-08-23T12:00:00Z'), now)).toBe(false);
  });

  it('needs a price above 0 and an active promotion', () => {
    expect(promoApplies({ ...pro, price: 0 }, null, now)).toBe(false);
    expect(promoApplies({ ...pro, isPromoActive: false }, null, now)).toBe(false);
    expect(promoApplies({ ...pro, promo: 0 }, null, now)).toBe(false);
  });

  it('counts 6 months when promo_months is not set', () => {
    const unset = { ...pro, promoMonths: 0 };
    expect(promoApplies(unset, new Date('2026-06-01T00:00:00Z'), now)).toBe(true);
    expect(promoApplies(unset, new Date('2026-05-01T00:00:00Z'), now)).toBe(false);
  });

  it('prices whole months, the promotion taken off each', () => {
    expect(monthlyAmount(pro, true)).toBe(7920);
    expect(planLines(pro, 3, true).amount).toBe(23760);
    expect(planLines(pro, 6, false).amount).toBe(59400);
  });

  it('adds calendar months, keeping to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-24T10:00:00Z'), 3).toISOString()).toBe('2027-02-24T10:00:00.000Z');
  });
});

describe('the promo months a company has left (issue 27)', () => {
  it('bills at most promo_months months at the promotional price, the rest at the full one', () => {
    expect(planLines(pro, 2, true, 0)).toEqual({
      promoMonths: 2,
      promoUnit: 7920,
      fullMonths: 0,
      fullUnit: 9900,
      amount: 15840,
    });
    // Three promo months in all: after two bought, a 6-month order gets one.
    expect(planLines(pro, 6, true, 2)).toMatchObject({
      promoMonths: 1,
      fullMonths: 5,
      amount: 7920 + 5 * 9900,
    });
    expect(planLines(pro, 6, true, 3)).toMatchObject({ promoMonths: 0, fullMonths: 6, amount: 59400 });
    expect(planLines(pro, 1, true, 7)).toMatchObject({ promoMonths: 0, amount: 9900 });
  });

  it('bills nothing at the promotional price when the promotion does not apply', () => {
    expect(planLines(pro, 3, false, 0)).toMatchObject({ promoMonths: 0, fullMonths: 3, amount: 29700 });
  });

  it('counts 6 months when promo_months is not set', () => {
    expect(planLines({ ...pro, promoMonths: 0 }, 6, true, 1)).toMatchObject({
      promoMonths: 5,
      fullMonths: 1,
    });
  });
});
