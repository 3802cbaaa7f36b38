import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type Category, categories, events } from '@/db/schema';
import type { AdminCategory } from '@/lib/schemas/admin-catalogue';
import { notFound } from '@/server/errors';
import * as audited from './audited-rows';

// Categories (spec §3): the search bar, the home page and /list read them through the search cache,
// which empties itself on every write to `categories`. The writes are in save-category.ts (apart, so
// that the pages reading the list do not take in the upload pipeline).

/** How many events are in the category (they keep it: the foreign key restricts deletion). */
export const eventsUsing = (db: DbOrTx, id: number) => audited.countUsing(db, events, events.categoryId, id);

function toAdmin(c: Category, eventsCount: number): AdminCategory {
  return {
    id: c.id,
    slug: c.slug,
    name_pl: c.namePl,
    name_en: c.nameEn,
    position: c.position,
    image: c.imageUrl ? { url: c.imageUrl } : null,
    events_count: eventsCount,
  };
}

export async function listAdminCategories(): Promise<AdminCategory[]> {
  const db = await getDb();
  const [rows, used] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: events.categoryId, n: count() }).from(events).groupBy(events.categoryId),
  ]);
  const byId = new Map(used.map((u) => [u.id, Number(u.n)]));
  return rows.map((c) => toAdmin(c, byId.get(c.id) ?? 0));
}

export async function getAdminCategory(id: number): Promise<AdminCategory> {
  const db = await getDb();
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdmin(row, await eventsUsing(db, id));
}
