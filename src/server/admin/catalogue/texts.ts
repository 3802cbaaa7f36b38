import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { type TextPage, textPages } from '@/db/schema';
import { sanitizeTextPage } from '@/lib/sanitize-html';
import type { AdminText, TextInput } from '@/lib/schemas/admin-catalogue';
import { notFound } from '@/server/errors';
import * as audited from './audited-rows';

// The five text pages (spec §2). Their HTML is sanitised here, on save, with the same rules as the
// organisers' descriptions, so the public page may render it as it is. GET /api/text/slug/{slug} and
// the pages read the row per request.

function toAdmin(t: TextPage): AdminText {
  return {
    id: t.id,
    slug: t.slug,
    title_pl: t.titlePl,
    title_en: t.titleEn,
    body_pl: t.bodyPl,
    body_en: t.bodyEn,
    updated_at: t.updatedAt.toISOString(),
  };
}

const text = {
  table: textPages,
  action: 'text',
  target: 'text_page',
  audited: (t: TextPage) => ({
    title_pl: t.titlePl,
    title_en: t.titleEn,
    body_pl: t.bodyPl,
    body_en: t.bodyEn,
  }),
} satisfies audited.Kind<typeof textPages>;

export async function listAdminTexts(): Promise<AdminText[]> {
  const db = await getDb();
  return (await db.select().from(textPages).orderBy(asc(textPages.id))).map(toAdmin);
}

export async function getAdminText(slug: string): Promise<AdminText> {
  const db = await getDb();
  const [row] = await db.select().from(textPages).where(eq(textPages.slug, slug)).limit(1);
  if (!row) throw notFound();
  return toAdmin(row);
}

/** The HTML as it will be stored and shown: for the preview, before saving. */
export function sanitizeTextHtml(html: string): string {
  return sanitizeTextPage(html);
}

export async function updateText({
  adminId,
  slug,
  input,
}: {
  adminId: number;
  slug: string;
  input: TextInput;
}): Promise<AdminText> {
  // The layout's footer names the pages: audited.change renders the cached home page and /list again.
  const row = await audited.change(async (tx) => {
    const [before] = await tx.select().from(textPages).where(eq(textPages.slug, slug)).for('update');
    if (!before) throw notFound();
    return audited.update(tx, text, adminId, before, {
      titlePl: input.title_pl,
      titleEn: input.title_en,
      bodyPl: sanitizeTextPage(input.body_pl),
      bodyEn: sanitizeTextPage(input.body_en),
      updatedAt: new Date(),
    });
  });
  return toAdmin(row);
}
