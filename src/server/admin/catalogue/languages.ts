import 'server-only';
import { asc, count } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type Language, languages, placeLanguages } from '@/db/schema';
import type { AdminLanguage, LanguageInput } from '@/lib/schemas/admin-catalogue';
import { fieldError } from '@/server/errors';
import * as audited from './audited-rows';

// The languages a place's staff can speak. GET /api/language reads them per request; the cached
// home page and /list are emptied after each write in case they show them.

const language = {
  table: languages,
  action: 'language',
  target: 'language',
  audited: (l: Language) => ({ code: l.code, name_pl: l.namePl, name_en: l.nameEn }),
} satisfies audited.Kind<typeof languages>;

const columns = (input: LanguageInput) => ({
  code: input.code,
  namePl: input.name_pl,
  nameEn: input.name_en,
});

const placesUsing = (db: DbOrTx, id: number) =>
  audited.countUsing(db, placeLanguages, placeLanguages.languageId, id);

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
  if (await audited.isTaken(tx, languages, languages.code, code, id))
    throw fieldError('code', 'admin_catalogue.errors.code_taken');
}

export async function createLanguage({ adminId, input }: audited.CreateArgs<LanguageInput>) {
  return audited.change(async (tx) => {
    await checkCodeFree(tx, input.code);
    return (await audited.insert(tx, language, adminId, columns(input))).id;
  });
}

export async function updateLanguage({ adminId, id, input }: audited.UpdateArgs<LanguageInput>) {
  await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, languages, id);
    await checkCodeFree(tx, input.code, id);
    await audited.update(tx, language, adminId, before, columns(input));
  });
}

/** Deletes a language no place lists; else a 422. */
export async function deleteLanguage({ adminId, id }: audited.DeleteArgs) {
  await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, languages, id);
    const used = await placesUsing(tx, id);
    if (used > 0) throw fieldError('language', 'admin_catalogue.errors.language_in_use', { count: used });
    await audited.remove(tx, language, adminId, before);
  });
}
