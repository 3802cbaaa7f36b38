import { runWithDb } from './cli';

await runWithDb(async () => {
  console.log('[portal] Migrations applied.');
});
