import { OptionalImage } from '@/components/ui/optional-image';

/** Up to two letters from a name's first words ("Klub Żaczek" → "KŻ"), skipping leading marks. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase();
}

/**
 * A place's round logo, or without one its initials (issue 29: an empty circle looked broken). The
 * initials are decorative, the place's name is always written beside them; `alt` names a real logo.
 * `className` sizes the circle and its letters.
 */
export function PlaceLogo({
  name,
  src,
  alt = '',
  lazy = false,
  className,
}: {
  name: string;
  src: string | null | undefined;
  alt?: string;
  lazy?: boolean;
  className: string;
}) {
  return (
    <span
      className={`flex items-center justify-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-700 ${className}`}
    >
      {src ? (
        <OptionalImage src={src} alt={alt} lazy={lazy} />
      ) : (
        <span aria-hidden data-initials>
          {initials(name)}
        </span>
      )}
    </span>
  );
}
