import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { findUserByEmail } from '@/server/accounts/find-user';
import { hashPassword } from '@/server/auth/passwords';
import { recordAudit } from './audit';

/**
 * `npm run admin:create -- <email>`: makes the account an admin, or creates an admin account with a
 * random password, which is answered once (it is stored only as a hash). The operator's command line is
 * the only way in: no call of the API or page creates an admin.
 */
export async function makeAdmin({
  email,
}: {
  email: string;
}): Promise<{ created: boolean; password?: string }> {
  const db = await getDb();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: 'admin',
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      await recordAudit(tx, {
        adminId: null,
        action: 'user.make_admin',
        target: 'user',
        targetId: existing.id,
        before: { role: existing.role },
        after: { role: 'admin' },
      });
    });
    return { created: false };
  }
  const password = randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, role: 'admin', firstName: 'Admin', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    await recordAudit(tx, {
      adminId: null,
      action: 'user.make_admin',
      target: 'user',
      targetId: user?.id ?? null,
      after: { role: 'admin', created: true },
    });
  });
  return { created: true, password };
}
