import { Link } from '@/components/ui/link';

/** The top bar's controls are 44 × 44 px at least: a finger's target (issue 18). */
export const barTarget = 'h-11 min-w-11 shrink-0 rounded-full hover:bg-slate-100';

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
      className={`relative items-center justify-center ${barTarget} ${wideOnly ? 'hidden sm:flex' : 'flex'}`}
    >
      {children}
      {badge ? (
        <span className="absolute top-0 right-0 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold text-white">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
