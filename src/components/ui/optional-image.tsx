/**
 * An image, or nothing at all without one (so the box's background shows instead); by default it fills
 * its box.
 */
export function OptionalImage({
  src,
  alt = '',
  lazy = false,
  className = 'h-full w-full object-cover',
}: {
  src: string | null | undefined;
  alt?: string;
  lazy?: boolean;
  className?: string;
}) {
  if (!src) return null;
  return <img src={src} alt={alt} loading={lazy ? 'lazy' : undefined} className={className} />;
}
