import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type Language, languages, placeLanguages } from '@/db/schema';
import type { AdminLanguage, LanguageInput } from '@/lib/schemas/admin-catalogue';
import { recordAudit } from '@/server/admin/audit';
import { fieldError, notFound } from '@/server/errors';
import { searchDataChanged } from '@/server/search/search-cache';

// The languages a place's staff can speak. GET /api/language reads them per request; the cached
// home page and /list are emptied after each write in case they show them.

const audited = (l: Language) => ({ code: l.code, name_pl: l.namePl, name_en: l.nameEn });

async function placesUsing(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(placeLanguages).where(eq(placeLanguages.languageId, id));
  return Number(row?.n ?? 0);
}

export async function listAdminLanguages(): Promise<AdminLanguage[]> {
  const db = await getDb();
  const [rows, used] = await Promise.all([
    db.select().from(languages).orderBy(asc(languages.id)),
    db
      .select({ id: placeLanguages.languageId, n: count() })
      .from(placeLanguages)
      .groupBy(placeLanguages.languageId),
  ]);
  const byId = new Map(used.map((u) => [u.id, Number(u.n)]));
  return rows.map((l) => ({
    id: l.id,
    code: l.code,
    name_pl: l.namePl,
    name_en: l.nameEn,
    places_count: byId.get(l.id) ?? 0,
  }));
}

async function checkCodeFree(tx: DbOrTx, code: string, id?: number) {
  const [taken] = await tx
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, code))
    .limit(1);
  if (taken && taken.id !== id) throw fieldError('code', 'admin_catalogue.errors.code_taken');
}

export async function createLanguage({ adminId, input }: { adminId: number; input: LanguageInput }) {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await checkCodeFree(tx, input.code);
    const [row] = await tx
      .insert(languages)
      .values({ code: input.code, namePl: input.name_pl, nameEn: input.name_en })
      .returning();
    if (!row) throw new Error('insert failed');
    await recordAudit(tx, {
      adminId,
      action: 'language.create',
      target: 'language',
      targetId: row.id,
      after: audited(row),
    });
    return row.id;
  });
  searchDataChanged();
  return id;
}

export async function updateLanguage({
  adminId,
  id,
  input,
}: {
  adminId: number;
  id: number;
  input: LanguageInput;
}) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(languages).where(eq(languages.id, id)).for('update');
    if (!before) throw notFound();
    await checkCodeFree(tx, input.code, id);
    const [after] = await tx
      .update(languages)
      .set({ code: input.code, namePl: input.name_pl, nameEn: input.name_en })
      .where(eq(languages.id, id))
      .returning();
    if (!after) throw notFound();
    await recordAudit(tx, {
      adminId,
      action: 'language.update',
      target: 'language',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
  });
  searchDataChanged();
}

/** Deletes a language no place lists; else a 422. */
export async function deleteLanguage({ adminId, id }: { adminId: number; id: number }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(languages).where(eq(languages.id, id)).for('update');
    if (!before) throw notFound();
    const used = await placesUsing(tx, id);
    if (used > 0) throw fieldError('language', 'admin_catalogue.errors.language_in_use', { count: used });
    await tx.delete(languages).where(eq(languages.id, id));
    await recordAudit(tx, {
      adminId,
      action: 'language.delete',
      target: 'language',
      targetId: id,
      before: audited(before),
    });
  });
  searchDataChanged();
}
