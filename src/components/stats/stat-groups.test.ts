import { describe, expect, it } from 'vitest';
import { statMeasures } from '@/lib/stats-measures';
import { statGroups } from './stat-groups';

describe('statGroups', () => {
  it('shows every measure once', () => {
    const grouped = statGroups.flatMap((g) => [...g.measures]);
    expect([...grouped].sort()).toEqual([...statMeasures].sort());
  });
});
