import { buttonClass } from '@/components/ui/button';
import { Plus } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';

/** The way to a new place, from the list of places and from an event form without any. */
export function AddPlaceLink({ label }: { label: string }) {
  return (
    <Link href="/account/create-place" className={buttonClass()}>
      <Plus aria-hidden size={18} />
      {label}
    </Link>
  );
}
