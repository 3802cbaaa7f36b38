import 'server-only';
import { count, eq } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { categories, placeCategories } from '@/db/schema';
import type { CategoryInput } from '@/lib/schemas/admin-catalogue';
import { recordAudit } from '@/server/admin/audit';
import { fieldError, notFound } from '@/server/errors';
import { saveWithImages, type Upload } from '@/server/media/uploads';
import { auditedCategory as audited, eventsUsing } from './categories';

// Category writes: one transaction each with its audit entry; an image goes through the place forms'
// pipeline (staged, then published after the commit). A replaced image stays in storage: its
// content-addressed key may be shared with other rows (the demo's pictures), so nothing is removed.

async function checkSlugFree(tx: DbOrTx, slug: string, id?: number) {
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (taken && taken.id !== id) throw fieldError('slug', 'admin_catalogue.errors.slug_taken');
}

/** Creates a category; `image` (optional) goes through the image pipeline of the place forms. */
export async function createCategory({
  adminId,
  input,
  image,
}: {
  adminId: number;
  input: CategoryInput;
  image?: Upload;
}): Promise<number> {
  const db = await getDb();
  return saveWithImages(async (stage) => {
    const imageUrl = image ? (await stage(image, 'photo')).url : null;
    return db.transaction(async (tx) => {
      await checkSlugFree(tx, input.slug);
      const [row] = await tx
        .insert(categories)
        .values({
          slug: input.slug,
          namePl: input.name_pl,
          nameEn: input.name_en,
          position: input.position,
          imageUrl,
        })
        .returning();
      if (!row) throw new Error('insert failed');
      await recordAudit(tx, {
        adminId,
        action: 'category.create',
        target: 'category',
        targetId: row.id,
        after: audited(row),
      });
      return row.id;
    });
  });
}

export async function updateCategory({
  adminId,
  id,
  input,
  image,
}: {
  adminId: number;
  id: number;
  input: CategoryInput;
  image?: Upload;
}): Promise<void> {
  const db = await getDb();
  await saveWithImages(async (stage) => {
    const newImage = image ? (await stage(image, 'photo')).url : undefined;
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw notFound();
      await checkSlugFree(tx, input.slug, id);
      const imageUrl = newImage ?? (input.remove_image ? null : before.imageUrl);
      const [after] = await tx
        .update(categories)
        .set({
          slug: input.slug,
          namePl: input.name_pl,
          nameEn: input.name_en,
          position: input.position,
          imageUrl,
        })
        .where(eq(categories.id, id))
        .returning();
      if (!after) throw notFound();
      await recordAudit(tx, {
        adminId,
        action: 'category.update',
        target: 'category',
        targetId: id,
        before: audited(before),
        after: audited(after),
      });
    });
  });
}

/** Deletes a category no event and no place uses; else a 422. */
export async function deleteCategory({ adminId, id }: { adminId: number; id: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw notFound();
    const used = await eventsUsing(tx, id);
    if (used > 0) throw fieldError('category', 'admin_catalogue.errors.category_in_use', { count: used });
    // Places would lose it silently (their link cascades), so a category places list stays too.
    const [listed] = await tx
      .select({ n: count() })
      .from(placeCategories)
      .where(eq(placeCategories.categoryId, id));
    const places = Number(listed?.n ?? 0);
    if (places > 0) throw fieldError('category', 'admin_catalogue.errors.category_listed', { count: places });
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      adminId,
      action: 'category.delete',
      target: 'category',
      targetId: id,
      before: audited(before),
    });
  });
}
