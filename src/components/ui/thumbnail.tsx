/** Classes of a row's picture and of the grey box that keeps its place when there is none. */
export interface ThumbnailClasses {
  image: string;
  empty: string;
}

/** A list row's small picture, or an empty box of the same size. */
export function Thumbnail({
  src,
  classes,
  lazy = false,
}: {
  src: string | null | undefined;
  classes: ThumbnailClasses;
  lazy?: boolean;
}) {
  if (!src) return <span aria-hidden className={classes.empty} />;
  return <img src={src} alt="" loading={lazy ? 'lazy' : undefined} className={classes.image} />;
}
