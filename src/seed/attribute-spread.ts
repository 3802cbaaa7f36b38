import type { Random } from './random';

// Issue 30: how often each seeded attribute is given to a demo or bench place or event, so the filters
// ("Dostępność i rodzina") show results in every city: a step-free entrance is common, a PJM interpreter
// rare. An attribute missing here (one an admin added) is given to none.
const shares: Record<string, number> = {
  step_free_entrance: 0.45,
  accessible_toilet: 0.3,
  induction_loop: 0.08,
  pjm_interpreter: 0.05,
  sensory_friendly: 0.06,
  suitable_for_children: 0.5,
  changing_table: 0.3,
  pram_friendly: 0.35,
  parking: 0.4,
  pets_welcome: 0.2,
  outdoor: 0.15,
};

/** A random, realistic set of the catalogue's ids (sorted), drawn from its own stream of `rnd`. */
export function spreadAttributes(
  rnd: Random,
  catalogue: { id: number; slug: string; forPlaces: boolean; forEvents: boolean }[],
  kind: 'place' | 'event',
): number[] {
  return catalogue
    .filter((a) => (kind === 'place' ? a.forPlaces : a.forEvents))
    .filter((a) => rnd.chance(shares[a.slug] ?? 0))
    .map((a) => a.id)
    .sort((a, b) => a - b);
}
