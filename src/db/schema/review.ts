import * as pg from 'drizzle-orm/pg-core';

// Where an admin's review of a place, or of a virtual walk, stands. A place shows "verified" and a walk
// is shown only once verified; a change of the walk's link sends it back to pending.
export const reviewState = pg.pgEnum('review_state', ['pending', 'verified', 'rejected']);
