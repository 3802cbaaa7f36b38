import { seedDemoIfEmpty } from '@/seed/demo';
import { runWithDb } from './cli';

await runWithDb(async () => {
  const seeded = await seedDemoIfEmpty({ log: (line) => console.log(`[portal] ${line}`) });
  if (!seeded) console.log('[portal] The database already holds data: nothing seeded.');
});
