import { describe, expect, it } from 'vitest';
import { type ComparablePlan, comparePlan, featureChanges } from './compare-plans';

function plan(id: number, level: number, extra: Partial<ComparablePlan> = {}): ComparablePlan {
  return {
    id,
    level,
    available_events: 3,
    images_count: 3,
    movies_count: 0,
    bonus_distance: 0,
    company_description: false,
    display_phone: false,
    display_email: false,
    display_url: false,
    display_social: false,
    show_map: false,
    virtual_walk: false,
    ask_questions: false,
    answer_comments: false,
    messenger_access: false,
    calendar_access: false,
    tech_support: false,
    ...extra,
  };
}

const basic = plan(1, 1);
const standard = plan(2, 2, { available_events: 10, show_map: true, bonus_distance: 10 });
const pro = plan(3, 3, { available_events: 30, show_map: true, bonus_distance: 25, tech_support: true });

describe('featureChanges', () => {
  it('lists count differences, gained and lost features, the distance last', () => {
    const withWalk = plan(9, 9, { virtual_walk: true, images_count: 1 });
    expect(featureChanges(standard, withWalk)).toEqual([
      { kind: 'count', feature: 'available_events', delta: 7 },
      { kind: 'count', feature: 'images_count', delta: 2 },
      { kind: 'flag', feature: 'show_map', gained: true },
      { kind: 'flag', feature: 'virtual_walk', gained: false },
      { kind: 'count', feature: 'bonus_distance', delta: 10 },
    ]);
  });

  it('is empty for equal plans', () => {
    expect(featureChanges(standard, { ...standard, id: 5 })).toEqual([]);
  });
});

describe('comparePlan (spec §4)', () => {
  it('shows on level 1 what level 2 would add', () => {
    expect(comparePlan([pro, standard, basic], basic)).toEqual({
      other: standard,
      kind: 'next_adds',
      changes: [
        { kind: 'count', feature: 'available_events', delta: 7 },
        { kind: 'flag', feature: 'show_map', gained: true },
        { kind: 'count', feature: 'bonus_distance', delta: 10 },
      ],
    });
  });

  it('compares level 2 with level 1 and higher levels with the one below', () => {
    expect(comparePlan([basic, standard, pro], standard)).toMatchObject({ other: basic, kind: 'adds_over' });
    expect(comparePlan([basic, standard, pro], pro)).toEqual({
      other: standard,
      kind: 'adds_over',
      changes: [
        { kind: 'count', feature: 'available_events', delta: 20 },
        { kind: 'flag', feature: 'tech_support', gained: true },
        { kind: 'count', feature: 'bonus_distance', delta: 15 },
      ],
    });
  });

  it('takes the nearest level below when levels skip', () => {
    const top = plan(4, 7, { available_events: 50 });
    expect(comparePlan([basic, top, pro], top)?.other).toBe(pro);
  });

  it('has nothing to compare with for a single or unknown plan', () => {
    expect(comparePlan([basic], basic)).toBeNull();
    expect(comparePlan([basic, standard], pro)).toBeNull();
  });
});
