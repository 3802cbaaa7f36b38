import { Star } from '@/components/ui/icons';
import { maxStars } from '@/lib/spec-limits';

/** A rating is 1 to 5 stars, so an average of 0 means nobody has rated yet (not a bad rating). */
export const rated = (stars: number) => stars > 0;

/** A rating as the pages print it ("4,3" in Polish): always one decimal. */
export const formatRating = (stars: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(stars);

/** Five stars filled to `value` (0–5, tenths), with `label` ("4,3 z 5") as the only accessible text. */
export function StarRating({ value, label, size = 18 }: { value: number; label: string; size?: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span role="img" aria-label={label} className="inline-flex">
        {Array.from({ length: maxStars }, (_, i) => i).map((i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <span key={i} className="relative inline-block" style={{ width: size, height: size }}>
              <Star aria-hidden size={size} className="absolute inset-0 text-amber-400" />
              {fill > 0 && (
                <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <Star aria-hidden size={size} className="fill-amber-400 text-amber-400" />
                </span>
              )}
            </span>
          );
        })}
      </span>
    </span>
  );
}
