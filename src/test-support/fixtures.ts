import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import {
  categories,
  events,
  type NewPlace,
  type NewUser,
  type PremiumSetting,
  places,
  premiumSettings,
  users,
} from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';

// Rows for the domain tests (src/server/**/*.db.test.ts), written straight into the test file's
// database so that a test of one rule does not depend on the code of another.

/** A confirmed account, returned as the actor a domain function is called with. */
export async function insertActor(role: AuthUser['role'], values: Partial<NewUser> = {}): Promise<AuthUser> {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: `${role}-${randomBytes(4).toString('hex')}@example.com`,
      role,
      firstName: 'Test',
      lastName: 'Tester',
      companyName: role === 'company' ? 'Test company' : null,
      emailVerifiedAt: new Date(),
      ...values,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    premiumSettingId: user.premiumSettingId,
    accessTokenId: 0,
  };
}

export async function insertPlace(ownerId: number, values: Partial<NewPlace> = {}) {
  const db = await getDb();
  const [place] = await db
    .insert(places)
    .values({
      userId: ownerId,
      name: 'Filharmonia',
      city: 'Gdańsk',
      street: 'Ołowianka 1',
      postcode: '80-751',
      ...values,
    })
    .returning();
  if (!place) throw new Error('place insert returned nothing');
  return place;
}

/** The id of the first seeded category, for rows and forms that need one. */
export async function seededCategoryId(): Promise<number> {
  const db = await getDb();
  const [category] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  if (!category) throw new Error('no seeded category');
  return category.id;
}

/** An event a week from now at the owner's place, in the first seeded category. */
export async function insertEvent(ownerId: number, placeId: number) {
  const categoryId = await seededCategoryId();
  const db = await getDb();
  const start = new Date(Date.now() + 7 * 86_400_000);
  const [event] = await db
    .insert(events)
    .values({
      userId: ownerId,
      placeId,
      categoryId,
      name: 'Koncert',
      city: 'Gdańsk',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3_600_000),
    })
    .returning();
  if (!event) throw new Error('event insert returned nothing');
  return event;
}

/**
 * The seeded plans a test picks from: the default one, the one of the highest level, and the lowest one
 * that lets attendees write to the company (messenger_access).
 */
export async function seededPlans(): Promise<{
  defaultPlan: PremiumSetting;
  topPlan: PremiumSetting;
  messengerPlan: PremiumSetting;
}> {
  const db = await getDb();
  const plans = await db.select().from(premiumSettings).orderBy(premiumSettings.level);
  const defaultPlan = plans.find((p) => p.isDefault);
  const topPlan = plans.at(-1);
  const messengerPlan = plans.find((p) => p.messengerAccess);
  if (!defaultPlan || !topPlan || !messengerPlan) throw new Error('no seeded plans');
  return { defaultPlan, topPlan, messengerPlan };
}

/** A user's row as it is now, to check what a refused call left unchanged. */
export async function userRow(id: number) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error(`no user ${id}`);
  return user;
}
