// Demo-data event/place categories, in display order.

export interface SeedCategory {
  slug: string;
  namePl: string;
  nameEn: string;
  // Background colour (hex) of the category's generated image.
  color: string;
  // A lucide-react icon name in PascalCase.
  icon: string;
}

export const categories: SeedCategory[] = [
  { slug: 'concerts', namePl: 'Koncerty', nameEn: 'Concerts', color: '#7c3aed', icon: 'Music' },
  { slug: 'theatre', namePl: 'Teatr', nameEn: 'Theatre', color: '#b91c1c', icon: 'Drama' },
  { slug: 'cinema', namePl: 'Kino', nameEn: 'Cinema', color: '#334155', icon: 'Clapperboard' },
  {
    slug: 'exhibitions',
    namePl: 'Wystawy i muzea',
    nameEn: 'Exhibitions & museums',
    color: '#a16207',
    icon: 'Landmark',
  },
  { slug: 'kids', namePl: 'Dla dzieci', nameEn: 'For kids & family', color: '#f59e0b', icon: 'Baby' },
  {
    slug: 'sport',
    namePl: 'Sport i rekreacja',
    nameEn: 'Sport & recreation',
    color: '#16a34a',
    icon: 'Dumbbell',
  },
  {
    slug: 'food',
    namePl: 'Jedzenie i picie',
    nameEn: 'Food & drink',
    color: '#ea580c',
    icon: 'UtensilsCrossed',
  },
  { slug: 'festivals', namePl: 'Festiwale', nameEn: 'Festivals', color: '#db2777', icon: 'PartyPopper' },
  {
    slug: 'workshops',
    namePl: 'Warsztaty',
    nameEn: 'Workshops & education',
    color: '#0891b2',
    icon: 'GraduationCap',
  },
  {
    slug: 'nightlife',
    namePl: 'Kluby i imprezy',
    nameEn: 'Nightlife & clubs',
    color: '#4338ca',
    icon: 'Disc3',
  },
  {
    slug: 'outdoor',
    namePl: 'Na świeżym powietrzu',
    nameEn: 'Outdoor & nature',
    color: '#15803d',
    icon: 'Trees',
  },
  {
    slug: 'stand-up',
    namePl: 'Stand-up i kabaret',
    nameEn: 'Stand-up & comedy',
    color: '#e11d48',
    icon: 'Laugh',
  },
];
