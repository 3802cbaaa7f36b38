import Link from 'next/link';

/** A round icon button of the top bar, with an optional count on it. */
export function IconLink({
  href,
  label,
  children,
  badge,
  wideOnly = false,
}: {
  href: string;
  label: string;
  children: React.ReactNode;
  badge?: number;
  /** Shown from 600 px up; on a phone the same link sits in the account menu. */
  wideOnly?: boolean;
}) {
  return (
    <Link
      href={href}
      aria-label={label}
      title={label}
      className={`relative h-10 w-10 items-center justify-center rounded-full hover:bg-slate-100 ${wideOnly ? 'hidden sm:flex' : 'flex'}`}
    >
      {children}
      {badge ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold text-white">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
