import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, type Tx } from '@/db/client';
import { placeHours, placeMovies, places } from '@/db/schema';
import { type PlaceProfileInput, placeProfileBodySchema } from '@/lib/schemas/place-profile';
import { AppError } from '@/server/errors';
import { insertActor, seededCategoryId, seededPlans } from '@/test-support/fixtures';
import { placeFormFields } from '@/test-support/place-form';
import { type PlaceProfileStep, savePlaceProfile } from './save-place-profile';

// The one door for a place's profile (new place, edit, registration, company profile): the plan's limits
// are checked before any upload is touched, and the caller's writes share the profile's transaction.

let plans: Awaited<ReturnType<typeof seededPlans>>;
let categoryId: number;

beforeAll(async () => {
  plans = await seededPlans();
  categoryId = await seededCategoryId();
});

const profile = (overrides: Record<string, unknown> = {}) =>
  placeProfileBodySchema.parse(
    placeFormFields(categoryId, {
      name: 'Filharmonia Bałtycka',
      description: '<p>Koncerty</p>',
      ...overrides,
    }),
  );

// An upload whose file does not exist: reaching the encoder with it would fail with ENOENT, not a 422.
const missingUpload = (n: number) => ({
  field: 'images[]',
  filename: `${n}.png`,
  path: `/nonexistent/${n}`,
  size: 1,
});

/** The caller's own write in each test: the place row the profile then fills in. */
async function insertPlaceIn(tx: Tx, companyId: number, name: string): Promise<number> {
  const [place] = await tx
    .insert(places)
    .values({ userId: companyId, name, city: 'Gdańsk', street: 'Ołowianka 1', postcode: '80-751' })
    .returning({ id: places.id });
  if (!place) throw new Error('no place');
  return place.id;
}

/** A new place saved through the door as savePlace does; `then` runs last inside the transaction. */
function saveNewPlace(
  companyId: number,
  input: PlaceProfileInput,
  then: (step: PlaceProfileStep) => void = () => {},
): Promise<number> {
  return savePlaceProfile({
    companyId,
    input,
    files: { images: [] },
    save: async (step) => {
      const placeId = await insertPlaceIn(step.tx, companyId, input.name);
      await step.writeProfile(placeId);
      then(step);
      return placeId;
    },
  });
}

async function placesNamed(name: string) {
  const db = await getDb();
  return db.select({ id: places.id }).from(places).where(eq(places.name, name));
}

describe('savePlaceProfile', () => {
  it('writes the caller’s rows and the profile in one transaction, under the company’s plan', async () => {
    const company = await insertActor('company', { premiumSettingId: plans.topPlan.id });
    const input = profile({
      name: 'Nowe miejsce',
      youtube: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    });
    const result = await saveNewPlace(company.id, input, ({ plan }) =>
      expect(plan?.id).toBe(plans.topPlan.id),
    );
    const db = await getDb();
    expect(await db.select().from(placeHours).where(eq(placeHours.placeId, result))).toHaveLength(7);
    expect(await db.select().from(placeMovies).where(eq(placeMovies.placeId, result))).toHaveLength(1);
  });

  it('rolls back the caller’s rows with the profile when either fails', async () => {
    const company = await insertActor('company', { premiumSettingId: plans.topPlan.id });
    const input = profile({ name: 'Wycofane miejsce' });
    const failure = new Error('the caller failed after the profile was written');
    await expect(
      saveNewPlace(company.id, input, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await placesNamed('Wycofane miejsce')).toEqual([]);
  });

  it('refuses more films than the plan allows inside the transaction, leaving the caller’s rows unwritten', async () => {
    // The default plan allows no films.
    const company = await insertActor('company', { premiumSettingId: null });
    const input = profile({
      name: 'Za dużo filmów',
      youtube: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    });
    const error = await saveNewPlace(company.id, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toHaveProperty('youtube');
    expect(await placesNamed('Za dużo filmów')).toEqual([]);
  });

  it('refuses more photos than the default plan allows before touching any upload or the database', async () => {
    let called = false;
    const tooMany = plans.defaultPlan.imagesCount + 1;
    const error = await savePlaceProfile({
      companyId: null,
      input: profile({ name: 'Za dużo zdjęć' }),
      files: { images: Array.from({ length: tooMany }, (_, i) => missingUpload(i)) },
      save: async () => {
        called = true;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({
      images: [{ key: 'validation.plan_images', params: { max: plans.defaultPlan.imagesCount } }],
    });
    expect(called).toBe(false);
  });
});
