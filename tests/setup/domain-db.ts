import { setupTestDb } from '../helpers/db';

// Every file of the domain project runs against a database of its own, loaded from the migrated
// template that global-db.ts makes once per run (epic-stack's "fresh database per test file").
setupTestDb();
