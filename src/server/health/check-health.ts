import 'server-only';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '@/db/client';

export async function checkHealth(): Promise<{ database: 'ok' | 'down'; driver: string }> {
  try {
    const handle = await getDbHandle();
    await handle.db.execute(sql`select 1`);
    return { database: 'ok', driver: handle.kind };
  } catch {
    return { database: 'down', driver: 'unknown' };
  }
}
