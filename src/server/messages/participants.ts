import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { conversations, users } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { planFeatures } from '@/server/plans/features';

/** The columns of `users` that `displayName` reads; select them (with any others) to name someone. */
export const displayNameColumns = {
  role: users.role,
  companyName: users.companyName,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type NamedUser = {
  role: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
};

/** How a person is named in conversations (spec §2): a company by its name, anyone else by first and last. */
export function displayName(user: NamedUser): string {
  if (user.role === 'company' && user.companyName) return user.companyName;
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The stored order of a pair: one conversation per two people, the lower id first. */
export function pairOf(a: number, b: number): { userLowId: number; userHighId: number } {
  return a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a };
}

export async function findConversation(db: DbOrTx, a: number, b: number) {
  const { userLowId, userHighId } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLowId, userLowId), eq(conversations.userHighId, userHighId)))
    .limit(1);
  return row ?? null;
}

/**
 * The other side of a conversation the actor has or may start. Spec §6: an attendee starts one with a
 * company whose plan has messenger_access; once it exists, either side writes in it. An unknown user is
 * not found; anyone else is forbidden.
 */
export async function counterpart(db: DbOrTx, actor: AuthUser, otherId: number) {
  const [other] = await db
    .select({ id: users.id, ...displayNameColumns })
    .from(users)
    .where(and(eq(users.id, otherId), inArray(users.role, ['user', 'company'])))
    .limit(1);
  if (!other || other.id === actor.id) throw notFound();
  const conversation = await findConversation(db, actor.id, other.id);
  if (!conversation) {
    const mayStart =
      actor.role === 'user' &&
      other.role === 'company' &&
      planFeatures(await getEffectivePlan(db, other.id)).messenger_access;
    if (!mayStart) throw forbidden('messages.not_allowed');
  }
  return { other: { id: other.id, name: displayName(other) }, conversation };
}
