import 'server-only';
import { type DbOrTx, getDb } from '@/db/client';
import { type Category, categories, placeCategories } from '@/db/schema';
import type { CategoryInput } from '@/lib/schemas/admin-catalogue';
import { fieldError } from '@/server/errors';
import { saveWithImages, type Upload } from '@/server/media/uploads';
import * as audited from './audited-rows';
import { eventsUsing } from './categories';

// Category writes: one transaction each with its audit entry; an image goes through the place forms'
// pipeline (staged, then published after the commit). A replaced image stays in storage: its
// content-addressed key may be shared with other rows (the demo's pictures), so nothing is removed.

const category = {
  table: categories,
  action: 'category',
  target: 'category',
  audited: (c: Category) => ({
    slug: c.slug,
    name_pl: c.namePl,
    name_en: c.nameEn,
    position: c.position,
    image_url: c.imageUrl,
  }),
} satisfies audited.Kind<typeof categories>;

async function checkSlugFree(tx: DbOrTx, slug: string, id?: number) {
  if (await audited.isTaken(tx, categories, categories.slug, slug, id))
    throw fieldError('slug', 'admin_catalogue.errors.slug_taken');
}

const columns = (input: CategoryInput, imageUrl: string | null) => ({
  slug: input.slug,
  namePl: input.name_pl,
  nameEn: input.name_en,
  position: input.position,
  imageUrl,
});

/** Creates a category; `image` (optional) goes through the image pipeline of the place forms. */
export async function createCategory({
  adminId,
  input,
  image,
}: audited.CreateArgs<CategoryInput> & { image?: Upload }): Promise<number> {
  const db = await getDb();
  return saveWithImages(async (stage) => {
    const imageUrl = image ? (await stage(image, 'photo')).url : null;
    return db.transaction(async (tx) => {
      await checkSlugFree(tx, input.slug);
      return (await audited.insert(tx, category, adminId, columns(input, imageUrl))).id;
    });
  });
}

export async function updateCategory({
  adminId,
  id,
  input,
  image,
}: audited.UpdateArgs<CategoryInput> & { image?: Upload }): Promise<void> {
  const db = await getDb();
  await saveWithImages(async (stage) => {
    const newImage = image ? (await stage(image, 'photo')).url : undefined;
    return db.transaction(async (tx) => {
      const before = await audited.lockRow(tx, categories, id);
      await checkSlugFree(tx, input.slug, id);
      const imageUrl = newImage ?? (input.remove_image ? null : before.imageUrl);
      await audited.update(tx, category, adminId, before, columns(input, imageUrl));
    });
  });
}

/** Deletes a category no event and no place uses; else a 422. */
export async function deleteCategory({ adminId, id }: audited.DeleteArgs): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await audited.lockRow(tx, categories, id);
    const used = await eventsUsing(tx, id);
    if (used > 0) throw fieldError('category', 'admin_catalogue.errors.category_in_use', { count: used });
    // Places would lose it silently (their link cascades), so a category places list stays too.
    const places = await audited.countUsing(tx, placeCategories, placeCategories.categoryId, id);
    if (places > 0) throw fieldError('category', 'admin_catalogue.errors.category_listed', { count: places });
    await audited.remove(tx, category, adminId, before);
  });
}
