import { z } from 'zod';
import { beaconMaxHits, beaconMeasures, statSubjects } from '@/lib/stats-measures';
import { idField } from './fields';

/** Issue 28 POST /api/stats/hits: what a page saw or a visitor pressed, reported by the page. */
export const statHitsBodySchema = z.object({
  hits: z
    .array(
      z.object({
        subject: z.enum(statSubjects),
        id: idField,
        measure: z.enum(beaconMeasures),
      }),
    )
    .min(1)
    .max(beaconMaxHits),
});
export type StatHitsBody = z.output<typeof statHitsBodySchema>;
