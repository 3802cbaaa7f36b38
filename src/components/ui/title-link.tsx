import { Link } from '@/components/ui/link';

/** A list row's title: the item's name, linking to its page. */
export function TitleLink({
  href,
  name,
  weight,
}: {
  href: string;
  name: string;
  weight: 'font-medium' | 'font-semibold';
}) {
  return (
    <Link href={href} className={`${weight} break-words text-brand-700 underline-offset-2 hover:underline`}>
      {name}
    </Link>
  );
}
