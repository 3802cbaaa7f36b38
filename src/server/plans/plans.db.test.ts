import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { premiumSettings, users } from '@/db/schema';
import { AppError } from '@/server/errors';
import { insertActor, seededPlans } from '@/test-support/fixtures';
import { effectivePlanIdSql, getEffectivePlan } from './effective-plan';
import { calendarOpen, hideByPlan, planFeatures } from './features';
import { assertPlanLimits, companyMediaLimits, mediaLimits } from './limits';

// Spec §6 plan gating: a company is governed by its own plan, else by the default plan; the plan's flags
// decide what its places show, its counts how many photos and films they hold (an event's at most 100).

let plans: Awaited<ReturnType<typeof seededPlans>>;

beforeAll(async () => {
  plans = await seededPlans();
});

function thrown(run: () => void): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('the effective plan', () => {
  it('is the company’s own plan, else the default plan, also for a company not yet registered', async () => {
    const db = await getDb();
    const own = await insertActor('company', { premiumSettingId: plans.topPlan.id });
    const none = await insertActor('company', { premiumSettingId: null });
    expect((await getEffectivePlan(db, own.id))?.id).toBe(plans.topPlan.id);
    expect((await getEffectivePlan(db, none.id))?.id).toBe(plans.defaultPlan.id);
    expect((await getEffectivePlan(db, null))?.id).toBe(plans.defaultPlan.id);
    expect((await getEffectivePlan(db, 2_000_000_000))?.id).toBe(plans.defaultPlan.id);
  });

  it('is the same plan in SQL as in the function, for every company', async () => {
    const db = await getDb();
    const ids = [
      (await insertActor('company', { premiumSettingId: plans.topPlan.id })).id,
      (await insertActor('company', { premiumSettingId: null })).id,
      (await insertActor('company', { premiumSettingId: plans.defaultPlan.id })).id,
    ];
    const rows = await db
      .select({ id: users.id, planId: effectivePlanIdSql().mapWith(Number) })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id);
    for (const row of rows) expect(row.planId).toBe((await getEffectivePlan(db, row.id))?.id);
  });

  it('is none at all when no plan is flagged default, and then allows nothing', async () => {
    const db = await getDb();
    const none = await insertActor('company', { premiumSettingId: null });
    const marker = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(premiumSettings).set({ isDefault: false }).where(eq(premiumSettings.isDefault, true));
        const plan = await getEffectivePlan(tx, none.id);
        expect(plan).toBeNull();
        expect(planFeatures(plan)).toMatchObject({ display_phone: false, images_count: 0, movies_count: 0 });
        expect(mediaLimits(plan, 'place')).toEqual({ images: 0, movies: 0 });
        throw marker;
      }),
    ).rejects.toBe(marker);
    expect((await getEffectivePlan(db, none.id))?.id).toBe(plans.defaultPlan.id);
  });
});

describe('plan features and hiding by plan', () => {
  it('nulls each field its flag does not allow and keeps only as many photos and films as counted', () => {
    const place = {
      email: 'kasa@example.com',
      phone: '+48 58 000 00 00',
      url: 'https://example.com',
      facebook: 'https://facebook.com/x',
      lat: 54.35,
      lng: 18.65,
      description: '<p>Koncerty</p>',
      virtual_walk: { url: 'https://walk.example.com', verified: true },
      images: [1, 2, 3, 4, 5],
      movies: ['a', 'b'],
      name: 'Filharmonia',
    };
    const none = hideByPlan(planFeatures(null), place);
    expect(none).toEqual({
      email: null,
      phone: null,
      url: null,
      facebook: null,
      lat: null,
      lng: null,
      description: null,
      virtual_walk: null,
      images: [],
      movies: [],
      name: 'Filharmonia',
    });
    const some = hideByPlan(
      planFeatures({ displayPhone: true, showMap: true, imagesCount: 3, moviesCount: 5 }),
      place,
    );
    expect(some).toMatchObject({ phone: place.phone, lat: 54.35, lng: 18.65, email: null, url: null });
    expect(some.images).toEqual([1, 2, 3]);
    expect(some.movies).toEqual(['a', 'b']);
  });

  it('shows every field under a plan with every flag', () => {
    const { topPlan } = plans;
    const shown = hideByPlan(planFeatures(topPlan), { phone: 'p', email: 'e', url: 'u', lat: 1, lng: 2 });
    expect(shown).toEqual({
      phone: topPlan.displayPhone ? 'p' : null,
      email: topPlan.displayEmail ? 'e' : null,
      url: topPlan.displayUrl ? 'u' : null,
      lat: topPlan.showMap ? 1 : null,
      lng: topPlan.showMap ? 2 : null,
    });
  });

  it('opens the calendar unless the company’s own plan lacks calendar_access', () => {
    expect(calendarOpen(null)).toBe(true);
    expect(calendarOpen(undefined)).toBe(true);
    expect(calendarOpen(true)).toBe(true);
    expect(calendarOpen(false)).toBe(false);
  });
});

describe('plan limits', () => {
  it('caps an event’s photos and films at 100 whatever the plan, a place’s not', () => {
    const big = { imagesCount: 150, moviesCount: 120 };
    expect(mediaLimits(big, 'event')).toEqual({ images: 100, movies: 100 });
    expect(mediaLimits(big, 'place')).toEqual({ images: 150, movies: 120 });
    expect(mediaLimits({ imagesCount: 3, moviesCount: 0 }, 'event')).toEqual({ images: 3, movies: 0 });
  });

  it('refuses one photo or film over the limit on its own field, and allows exactly the limit', () => {
    const plan = { imagesCount: 3, moviesCount: 1 };
    expect(thrown(() => assertPlanLimits(plan, 'place', { images: 3, movies: 1 }))).toBeUndefined();
    const photos = thrown(() => assertPlanLimits(plan, 'place', { images: 4 }));
    expect(photos?.code).toBe('validation');
    expect(photos?.fields).toEqual({ images: [{ key: 'validation.plan_images', params: { max: 3 } }] });
    const films = thrown(() => assertPlanLimits(plan, 'event', { images: 0, movies: 2 }));
    expect(films?.fields).toEqual({ youtube: [{ key: 'validation.plan_movies', params: { max: 1 } }] });
    expect(thrown(() => assertPlanLimits(null, 'place', { images: 1 }))?.fields).toHaveProperty('images');
  });

  it('gives forms and the upload reader the limits of the company’s effective plan', async () => {
    const own = await insertActor('company', { premiumSettingId: plans.topPlan.id });
    expect(await companyMediaLimits(own.id, 'place')).toEqual({
      images: plans.topPlan.imagesCount,
      movies: plans.topPlan.moviesCount,
    });
    expect(await companyMediaLimits(null, 'place')).toEqual({
      images: plans.defaultPlan.imagesCount,
      movies: plans.defaultPlan.moviesCount,
    });
  });
});
