import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { places, premiumSettings, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { PublicUser, UserResource } from '@/lib/schemas/account-responses';
import { notFound } from '@/server/errors';
import { effectivePlanIdSql } from '@/server/plans/effective-plan';

/** The signed-in user as spec §3 describes it (GET /api/user). */
export async function getUserResource({
  userId,
  locale,
}: {
  userId: number;
  locale: Locale;
}): Promise<UserResource> {
  const db = await getDb();
  const [row] = await db
    .select({ user: users, plan: premiumSettings })
    .from(users)
    // The plan that governs the account now: its own while it runs, else the default (effective-plan.ts).
    .leftJoin(premiumSettings, and(eq(users.role, 'company'), eq(premiumSettings.id, effectivePlanIdSql())))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const own = await db
    .select({ id: places.id, name: places.name, verified: places.verified })
    .from(places)
    .where(eq(places.userId, userId))
    .orderBy(asc(places.id));
  const { user, plan } = row;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    city: user.city,
    image: user.imageUrl ? { url: user.imageUrl } : null,
    role: { name: user.role },
    company_name: user.companyName,
    place: own[0] ? { id: own[0].id } : null,
    places: own,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    mail_updates: user.mailUpdates,
    has_password: user.passwordHash !== null,
    premium_setting_id: user.role === 'company' ? (plan?.id ?? null) : user.premiumSettingId,
    premium_setting: plan
      ? {
          id: plan.id,
          name: locale === 'en' ? plan.nameEn : plan.namePl,
          level: plan.level,
          calendar_access: plan.calendarAccess,
          answer_comments: plan.answerComments,
          messenger_access: plan.messengerAccess,
          images_count: plan.imagesCount,
          movies_count: plan.moviesCount,
        }
      : null,
    premium_until:
      user.premiumUntil && user.premiumUntil > new Date() && plan?.id === user.premiumSettingId
        ? user.premiumUntil.toISOString()
        : null,
    events_left: user.role === 'company' ? user.eventsLeft : undefined,
  };
}

/** What anyone signed in may see of another account (GET /api/user/{id}): a name, no contact data. */
export async function getPublicUser({ id }: { id: number }): Promise<PublicUser> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || user.role === 'admin') throw notFound();
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.userId, id), isNull(places.hiddenAt)))
    .orderBy(asc(places.id))
    .limit(1);
  return {
    id: user.id,
    first_name: user.role === 'company' ? null : user.firstName,
    last_name: user.role === 'company' ? null : user.lastName,
    company_name: user.companyName,
    name:
      user.role === 'company' ? user.companyName : [user.firstName, user.lastName].filter(Boolean).join(' '),
    image: user.imageUrl ? { url: user.imageUrl } : null,
    role: { name: user.role },
    place: place ? { id: place.id } : null,
  };
}
