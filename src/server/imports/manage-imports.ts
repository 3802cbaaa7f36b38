import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { categories, eventImports } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, forbidden, notFound } from '@/server/errors';
import { assertOwnPlace } from './list-imports';
import { type ImportSummary, runImport } from './run-import';
import { checkFeedUrl, FeedFetchError, type SafeFetchOptions } from './safe-fetch';

/** Creates an import for one of the company's places and runs it at once. */
export async function createImport({
  actor,
  placeId,
  categoryId,
  url,
  file,
  fetch = {},
}: {
  actor: AuthUser;
  placeId: number;
  categoryId: number;
  url?: string;
  file?: string;
  fetch?: SafeFetchOptions;
}): Promise<{ id: number; summary: ImportSummary }> {
  await assertOwnPlace(actor, placeId);
  const db = await getDb();
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category) throw fieldError('category_id', 'validation.invalid_option');
  if (url === undefined && file === undefined) throw fieldError('url', 'import.url_or_file');
  if (url !== undefined) {
    try {
      await checkFeedUrl(url, fetch);
    } catch (error) {
      if (error instanceof FeedFetchError) throw fieldError('url', `import.status.${error.reason}`);
      throw error;
    }
  }
  const [row] = await db
    .insert(eventImports)
    .values({ placeId, userId: actor.id, categoryId, url: url ?? null })
    .returning({ id: eventImports.id });
  if (!row) throw new Error('import insert returned nothing');
  const summary = await runImport({ importId: row.id, file, fetch });
  return { id: row.id, summary };
}

async function ownImport(actor: AuthUser, importId: number) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [row] = await db
    .select({ id: eventImports.id })
    .from(eventImports)
    .where(and(eq(eventImports.id, importId), eq(eventImports.userId, actor.id)))
    .limit(1);
  if (!row) throw notFound();
}

/** "Run now": the company re-reads its URL source at once. */
export async function runImportNow({
  actor,
  importId,
  fetch = {},
}: {
  actor: AuthUser;
  importId: number;
  fetch?: SafeFetchOptions;
}): Promise<ImportSummary> {
  await ownImport(actor, importId);
  return runImport({ importId, fetch });
}

/** Deletes an import; the events it made stay, as the company's own. */
export async function deleteImport({ actor, importId }: { actor: AuthUser; importId: number }) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const removed = await db
    .delete(eventImports)
    .where(and(eq(eventImports.id, importId), eq(eventImports.userId, actor.id)))
    .returning({ id: eventImports.id });
  if (removed.length === 0) throw notFound();
}
