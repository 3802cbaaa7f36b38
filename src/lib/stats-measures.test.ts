import { describe, expect, it } from 'vitest';
import { beaconMeasures, statGroups, statMeasures } from './stats-measures';

describe('stat measures', () => {
  it('are each counted once, and shown once in the groups of /account/stats', () => {
    expect(new Set(statMeasures).size).toBe(statMeasures.length);
    const grouped = statGroups.flatMap((g) => [...g.measures]);
    expect(grouped).toEqual([...statMeasures]);
  });

  it('leave messages to the server: a browser cannot report one', () => {
    expect(beaconMeasures).not.toContain('message');
    expect(beaconMeasures).not.toContain('view');
    expect(beaconMeasures).toContain('share');
  });
});
