// Issue 30: the icons an attribute of the catalogue may have (lucide names). Client-safe: the admin form
// offers them, the sprite (components/ui/icon-sprite.ts) draws each, and the API refuses any other.

export const attributeIcons = [
  'accessibility',
  'toilet',
  'ear',
  'hand-helping',
  'brain',
  'eye',
  'volume-x',
  'glasses',
  'smile',
  'baby',
  'footprints',
  'heart-handshake',
  'square-parking',
  'paw-print',
  'dog',
  'trees',
  'sun',
  'umbrella',
  'bike',
  'bus',
  'wifi',
  'utensils',
  'coffee',
  'armchair',
  'shower-head',
] as const;
export type AttributeIconName = (typeof attributeIcons)[number];

/** The groups the forms, the pages and the filters show attributes in, in this order. */
export const attributeGroups = ['accessibility', 'family', 'other'] as const;
export type AttributeGroup = (typeof attributeGroups)[number];

/** At most this many attributes on one place or event. */
export const maxAttributes = 30;
