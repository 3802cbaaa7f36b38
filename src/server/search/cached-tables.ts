// The tables whose changes empty the search cache and the page cache (search-cache.ts). Each one in
// `triggeredTables` has a trigger that sends NOTIFY portal_search_changed (migrations 0005, 0007 and 0011),
// so a write by any process, or by hand in psql, reaches every process; cached-tables.db.test.ts holds
// pg_trigger to this list. Writes to any other table (mail, sessions, visits) leave the answers alone.
export const triggeredTables = [
  'categories',
  'comments',
  'event_images',
  'event_movies',
  'event_promotions',
  'events',
  'home_ads',
  'languages',
  'place_additional_infos',
  'place_attractions',
  'place_categories',
  'place_hours',
  'place_images',
  'place_languages',
  'place_movies',
  'places',
  'premium_settings',
  'text_pages',
  // Only the columns a page shows (the plan, its end, names, the picture, a block): migration 0011.
  'users',
] as const;

// Issue 30: written only together with its place, whose trigger tells the other processes; this
// process's own writes empty the cache at once.
export const untriggeredTables = ['place_special_hours'] as const;

export const cachedTables: ReadonlySet<string> = new Set<string>([...triggeredTables, ...untriggeredTables]);
