import type { ShownAttribute } from '@/lib/schemas/catalogue-responses';

/**
 * Issue 30: attributes as schema.org `amenityFeature` (LocationFeatureSpecification), each named in the
 * page's language and stated as present. Repeats (an event's and its place's) are given once.
 */
export function amenityFeature(...lists: ShownAttribute[][]) {
  const seen = new Set<string>();
  const features = lists
    .flat()
    .filter((a) => {
      if (seen.has(a.slug)) return false;
      seen.add(a.slug);
      return true;
    })
    .map((a) => ({ '@type': 'LocationFeatureSpecification', name: a.name, value: true }));
  return features.length ? { amenityFeature: features } : {};
}
