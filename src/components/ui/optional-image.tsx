/**
 * An image, or nothing at all without one (so the box's background shows instead); by default it fills
 * its box. `priority` marks the page's largest image at the top (its LCP): fetched first, never lazily.
 */
export function OptionalImage({
  src,
  alt = '',
  lazy = false,
  priority = false,
  className = 'h-full w-full object-cover',
}: {
  src: string | null | undefined;
  alt?: string;
  lazy?: boolean;
  priority?: boolean;
  className?: string;
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={alt}
      loading={lazy && !priority ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
