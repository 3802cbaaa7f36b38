import { Plus } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';

/** The way to a new place, from the list of places and from an event form without any. */
export function AddPlaceLink({ label }: { label: string }) {
  return (
    <Link
      href="/account/create-place"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
    >
      <Plus aria-hidden size={18} />
      {label}
    </Link>
  );
}
