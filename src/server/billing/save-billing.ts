import 'server-only';
import { getDb } from '@/db/client';
import { billingDetails } from '@/db/schema';
import type { BillingInput, BillingResource } from '@/lib/schemas/billing';
import type { AuthUser } from '@/server/auth/access-tokens';
import { authorizeBilling, billingResourceOf } from './get-billing';

/**
 * PUT /api/user/billing: replaces the account's billing data in one statement. Orders placed before
 * keep the copy they took (orders.billing), and issued invoices their own, so nothing already sold
 * changes with it.
 */
export async function saveBilling({
  actor,
  input,
}: {
  actor: Pick<AuthUser, 'id' | 'role'>;
  input: BillingInput;
}): Promise<BillingResource> {
  authorizeBilling(actor);
  const db = await getDb();
  const values = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(billingDetails)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: billingDetails.userId, set: values })
    .returning();
  if (!row) throw new Error('billing_details upsert returned no row');
  return billingResourceOf(row);
}
