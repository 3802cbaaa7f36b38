import { describe, expect, it } from 'vitest';
import { addWarsawDays, planChange, type RunningPlan, unusedValue, warsawDaysBetween } from './plan-change';

// Issue 27: a plan change keeps what was paid; days are Warsaw calendar days, DST included.

const at = (iso: string) => new Date(iso);

// PRO bought for one month on 10 March 2027 at 12:00 Warsaw (CET); the clocks go forward on 28 March.
const proOrder = {
  from: at('2027-03-10T11:00:00Z'),
  until: at('2027-04-10T11:00:00Z'),
  months: 1,
  amount: 9900,
};
const pro: RunningPlan = { planId: 3, until: proOrder.until, spans: [proOrder], monthlyPrice: 9900 };
const proPlus = 4;

describe('Warsaw calendar days', () => {
  it('counts calendar dates in Warsaw, not 24-hour stretches, across a change of the clocks', () => {
    // 20 March 12:00 CET to 10 April 13:00 CEST: 20.96 periods of 24 hours, 21 calendar days.
    expect(warsawDaysBetween(at('2027-03-20T11:00:00Z'), at('2027-04-10T11:00:00Z'))).toBe(21);
    expect(warsawDaysBetween(at('2026-10-20T10:00:00Z'), at('2026-10-30T11:00:00Z'))).toBe(10);
    // 23:30 UTC on 27 March is already 28 March in Warsaw.
    expect(warsawDaysBetween(at('2027-03-27T22:30:00Z'), at('2027-03-27T23:30:00Z'))).toBe(1);
    expect(warsawDaysBetween(at('2027-04-10T11:00:00Z'), at('2027-03-20T11:00:00Z'))).toBe(-21);
  });

  it('adds days keeping the Warsaw wall-clock time (23 hours over the spring change, 25 over the autumn one)', () => {
    expect(addWarsawDays(at('2027-03-27T11:00:00Z'), 1).toISOString()).toBe('2027-03-28T10:00:00.000Z');
    expect(addWarsawDays(at('2026-10-24T10:00:00Z'), 1).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(addWarsawDays(at('2027-05-01T10:15:30.250Z'), 0).toISOString()).toBe('2027-05-01T10:15:30.250Z');
    expect(addWarsawDays(at('2027-01-10T11:00:00Z'), 100).toISOString()).toBe('2027-04-20T10:00:00.000Z');
  });
});

describe('a plan bought while another runs', () => {
  const now = at('2027-03-20T11:00:00Z');

  it('values the unused days at what the order paid per day', () => {
    // 21 of the 31 days bought are left.
    expect(unusedValue(pro, now)).toBeCloseTo((21 * 9900) / 31, 6);
    expect(unusedValue(pro, at('2027-04-10T12:00:00Z'))).toBe(0);
  });

  it('turns the unused value into whole extra days of the new plan, never fewer than paid for', () => {
    const change = planChange({ running: pro, planId: proPlus, months: 1, amount: 19900, now });
    const perDay = 19900 / 31; // 20 March to 20 April
    const value = (21 * 9900) / 31;
    expect(change.kind).toBe('change');
    expect(change.creditedDays).toBe(11);
    expect(change.creditedDays * perDay).toBeGreaterThanOrEqual(value);
    expect((change.creditedDays - 1) * perDay).toBeLessThan(value);
    expect(change.from).toEqual(now);
    // One month from 20 March and 11 days, at the same Warsaw hour.
    expect(change.until.toISOString()).toBe('2027-05-01T11:00:00.000Z');
    expect(change.replaced).toEqual({ planId: 3, until: pro.until });
  });

  it('gives more days of a cheaper plan than of a dearer one for the same value', () => {
    const running = { ...pro, planId: proPlus, spans: [{ ...proOrder, amount: 19900 }] };
    const cheaper = planChange({ running, planId: 3, months: 1, amount: 9900, now });
    // 21 days at 199 zł a month buy 42.2 days at 99 zł a month.
    expect(cheaper.creditedDays).toBe(43);
  });

  it('values days no order paid for (given by an admin or the demo data) at the list price', () => {
    const given: RunningPlan = {
      planId: 3,
      until: at('2027-05-20T10:00:00Z'),
      spans: [],
      monthlyPrice: 9900,
    };
    // 61 days left; a month from 20 March has 31 days.
    expect(unusedValue(given, now)).toBeCloseTo((61 * 9900) / 31, 6);
    const mixed: RunningPlan = { ...given, spans: [{ ...proOrder, amount: 7920 }] };
    // 21 days of the promotional order, 40 after it at the list price.
    expect(unusedValue(mixed, now)).toBeCloseTo((21 * 7920) / 31 + (40 * 9900) / 31, 6);
  });

  it('values an order with credited days at its own price per day for all its days', () => {
    // PRO+ for one month from 20 March plus 11 credited days: its 42 days are worth 199 zł / 31 each.
    const credited = { from: now, until: at('2027-05-01T11:00:00Z'), months: 1, amount: 19900 };
    const running: RunningPlan = {
      planId: proPlus,
      until: credited.until,
      spans: [credited],
      monthlyPrice: 19900,
    };
    const later = at('2027-04-01T10:00:00Z');
    expect(unusedValue(running, later)).toBeCloseTo((30 * 19900) / 31, 6);
  });
});

describe('a plan bought when the same one or none runs', () => {
  it('extends the same plan from its end', () => {
    const change = planChange({
      running: pro,
      planId: 3,
      months: 2,
      amount: 19800,
      now: at('2027-03-20T11:00:00Z'),
    });
    expect(change).toMatchObject({ kind: 'extend', creditedDays: 0, replaced: null });
    expect(change.from).toEqual(pro.until);
    expect(change.until.toISOString()).toBe('2027-06-10T11:00:00.000Z');
  });

  it('starts now when nothing runs or the plan has ended', () => {
    const now = at('2027-04-11T09:00:00Z');
    for (const running of [null, pro]) {
      const change = planChange({ running, planId: proPlus, months: 1, amount: 19900, now });
      expect(change).toMatchObject({ kind: 'new', creditedDays: 0, replaced: null });
      expect(change.from).toEqual(now);
      expect(change.until.toISOString()).toBe('2027-05-11T09:00:00.000Z');
    }
  });
});
