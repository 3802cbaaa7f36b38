import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import { type DbOrTx, getDb, rowsOf } from '@/db/client';
import { type Attribute, attributes, events, places } from '@/db/schema';
import type { AdminAttribute, AttributeInput } from '@/lib/schemas/admin-catalogue';
import { sortAttributes } from '@/server/attributes/catalogue';
import { fieldError, notFound } from '@/server/errors';
import * as audited from './audited-rows';

// Issue 30: the attribute catalogue in the admin catalogue. Each write is one transaction with its audit
// entry; a deleted attribute leaves every place's and event's `attribute_ids` in the same transaction.
// The searches, forms and pages read the catalogue through the search cache, emptied after each write.

/** An attribute's fields as the admin edits them; the audit keeps them, the admin's list adds the use. */
const fields = (a: Attribute) => ({
  slug: a.slug,
  group: a.group,
  icon: a.icon,
  name_pl: a.namePl,
  name_en: a.nameEn,
  for_places: a.forPlaces,
  for_events: a.forEvents,
  position: a.position,
});

const attribute = {
  table: attributes,
  action: 'attribute',
  target: 'attribute',
  audited: fields,
} satisfies audited.Kind<typeof attributes>;

const values = (input: AttributeInput) => ({
  slug: input.slug,
  group: input.group,
  icon: input.icon,
  namePl: input.name_pl,
  nameEn: input.name_en,
  forPlaces: input.for_places,
  forEvents: input.for_events,
  position: input.position,
});

/** How many places and events have the attribute (the GIN indexes answer `@>`). */
async function usage(db: DbOrTx, id: number): Promise<{ places: number; events: number }> {
  const has = (column: typeof places.attributeIds | typeof events.attributeIds) =>
    sql`${column} @> array[${id}]::integer[]`;
  const [[p], [e]] = await Promise.all([
    db.select({ n: count() }).from(places).where(has(places.attributeIds)),
    db.select({ n: count() }).from(events).where(has(events.attributeIds)),
  ]);
  return { places: Number(p?.n ?? 0), events: Number(e?.n ?? 0) };
}

function toAdmin(a: Attribute, used: { places: number; events: number }): AdminAttribute {
  return {
    id: a.id,
    ...fields(a),
    group: a.group as AdminAttribute['group'],
    places_count: used.places,
    events_count: used.events,
  };
}

/** Every attribute with both names and how many places and events have it (two grouped reads). */
export async function listAdminAttributes(): Promise<AdminAttribute[]> {
  const db = await getDb();
  const perId = (table: 'places' | 'events') =>
    db.execute(
      sql`select unnest(attribute_ids) as id, count(*)::int as n from ${sql.identifier(table)} group by 1`,
    );
  const [rows, onPlaces, onEvents] = await Promise.all([
    db.select().from(attributes),
    perId('places'),
    perId('events'),
  ]);
  const counts = (result: unknown) =>
    new Map(rowsOf<{ id: number; n: number }>(result).map((r) => [Number(r.id), Number(r.n)]));
  const p = counts(onPlaces);
  const e = counts(onEvents);
  return sortAttributes(rows).map((a) => toAdmin(a, { places: p.get(a.id) ?? 0, events: e.get(a.id) ?? 0 }));
}

export async function getAdminAttribute(id: number): Promise<AdminAttribute> {
  const db = await getDb();
  const [row] = await db.select().from(attributes).where(eq(attributes.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdmin(row, await usage(db, id));
}

async function checkSlugFree(tx: DbOrTx, slug: string, id?: number) {
  if (await audited.isTaken(tx, attributes, attributes.slug, slug, id))
    throw fieldError('slug', 'admin_catalogue.errors.attribute_slug_taken');
}

export async function createAttribute({
  adminId,
  input,
}: audited.CreateArgs<AttributeInput>): Promise<number> {
  return audited.change(async (tx) => {
    await checkSlugFree(tx, input.slug);
    return (await audited.insert(tx, attribute, adminId, values(input))).id;
  });
}

/**
 * Edits an attribute. When it stops applying to places (or events), it leaves their arrays in the same
 * transaction, so no place keeps an attribute its form could no longer show.
 */
export async function updateAttribute({
  adminId,
  id,
  input,
}: audited.UpdateArgs<AttributeInput>): Promise<void> {
  await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, attributes, id);
    await checkSlugFree(tx, input.slug, id);
    const after = await audited.update(tx, attribute, adminId, before, values(input));
    if (before.forPlaces && !after.forPlaces) await removeFrom(tx, 'places', id);
    if (before.forEvents && !after.forEvents) await removeFrom(tx, 'events', id);
  });
}

/** Takes the id out of every row's array; only the rows having it are touched (the GIN index finds them). */
async function removeFrom(tx: DbOrTx, table: 'places' | 'events', id: number) {
  const column = table === 'places' ? places.attributeIds : events.attributeIds;
  const target = table === 'places' ? places : events;
  await tx
    .update(target)
    .set({ attributeIds: sql`array_remove(${column}, ${id}::integer)` })
    .where(sql`${column} @> array[${id}]::integer[]`);
}

/** Deletes an attribute and takes it off every place and event, in one transaction. */
export async function deleteAttribute({ adminId, id }: audited.DeleteArgs): Promise<void> {
  await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, attributes, id);
    const used = await usage(tx, id);
    await removeFrom(tx, 'places', id);
    await removeFrom(tx, 'events', id);
    await audited.remove(tx, attribute, adminId, before, {
      places_count: used.places,
      events_count: used.events,
    });
  });
}
