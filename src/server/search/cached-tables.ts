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

// Written only together with a row that has a trigger, which tells the other processes; this process's own
// writes empty the cache at once. Issue 30: special days with their place. Issue 33: a registration sets
// its event's places left through triggers of its own (migration 0026), which this process's write-watcher
// cannot see, so the registrant would otherwise wait for the NOTIFY to see the new count.
export const untriggeredTables = ['event_registration', 'place_special_hours', 'registration_dates'] as const;

export const cachedTables: ReadonlySet<string> = new Set<string>([...triggeredTables, ...untriggeredTables]);
