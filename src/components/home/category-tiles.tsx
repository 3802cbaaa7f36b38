import { Link } from '@/components/ui/link';
import { OptionalImage } from '@/components/ui/optional-image';
import type { CategoryResource } from '@/lib/schemas/catalogue-responses';

/** Spec §2: a tile sets the category filter and opens the events tab of /list. */
export function CategoryTiles({ categories }: { categories: CategoryResource[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {categories.map((c) => (
        <li key={c.id}>
          <Link
            href={`/list?category_id=${c.id}#event_type`}
            className="relative flex h-24 items-end overflow-hidden rounded-xl bg-slate-700 p-3 font-semibold text-white shadow-sm hover:ring-4 hover:ring-brand-100"
          >
            <OptionalImage
              src={c.image?.url}
              lazy
              className="absolute inset-0 h-full w-full object-cover opacity-80"
            />
            {/* The shade keeps the name readable on a light photo. */}
            <span
              aria-hidden
              className="absolute inset-0 bg-gradient-to-t from-slate-950/80 to-transparent"
            />
            <span className="relative drop-shadow">{c.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
