import 'server-only';
import { eq } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type BillingDetails, type BuyerSnapshot, billingDetails } from '@/db/schema';
import type { BillingResource } from '@/lib/schemas/billing';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';

// Issue 27: billing data belongs to the account that buys (a company) or may buy later (an attendee);
// admins buy nothing, so they have none.

/** Only companies and attendees have billing data, and only their own. */
export function authorizeBilling(actor: Pick<AuthUser, 'role'>) {
  if (actor.role !== 'company' && actor.role !== 'user') throw forbidden();
}

export function billingResourceOf(row: BillingDetails): BillingResource {
  return {
    kind: row.kind,
    name: row.name,
    nip: row.nip,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /api/user/billing: the signed-in account's saved billing data, or null before it saves any. */
export async function getBilling({ actor }: { actor: Pick<AuthUser, 'id' | 'role'> }) {
  authorizeBilling(actor);
  const db = await getDb();
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, actor.id));
  return row ? billingResourceOf(row) : null;
}

/** The saved billing data as an order keeps it (the buyer of its invoice), or null when none is saved. */
export async function savedBuyer(db: DbOrTx, userId: number): Promise<BuyerSnapshot | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  if (!row) return null;
  const { kind, name, nip, street, postcode, city, country } = row;
  return { kind, name, nip, street, postcode, city, country };
}
