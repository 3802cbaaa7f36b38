import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/server/errors';
import { signingSecret } from '@/server/signing-secrets';

// The purpose is signed with the id, so a signature made for something else never passes as this one.
function signature(userId: number): string {
  return createHmac('sha256', signingSecret('UNSUBSCRIBE_SECRET'))
    .update(`unsubscribe:${userId}`)
    .digest('base64url');
}

/** `<user id>.<HMAC of it>`: works without signing in and without a stored token, and never expires. */
export function unsubscribeToken(userId: number): string {
  return `${userId}.${signature(userId)}`;
}

/** The one-click link every mail about messages and reminders carries. */
export function unsubscribeLink(userId: number): string {
  return `${getConfig().publicUrl}/unsubscribe?token=${unsubscribeToken(userId)}`;
}

/**
 * The address of RFC 8058's one-click unsubscribe (List-Unsubscribe): a mail client POSTs
 * `List-Unsubscribe=One-Click` there; a person who opens it is sent on to the page's button.
 */
export function oneClickUnsubscribeUrl(userId: number): string {
  return `${getConfig().publicUrl}/api/unsubscribe?token=${unsubscribeToken(userId)}`;
}

function userOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(signature(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Turns off the mails about messages and reminders of the user the token was made for. */
export async function unsubscribe({ token }: { token: string }): Promise<void> {
  const userId = userOfToken(token);
  const invalid = () => new AppError('bad_request', 'unsubscribe.link_invalid');
  if (userId === null) throw invalid();
  const db = await getDb();
  const updated = await db
    .update(users)
    .set({ mailUpdates: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw invalid();
}
