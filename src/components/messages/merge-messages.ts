import type { ThreadMessage } from '@/lib/schemas/messages';

/** Messages never change once sent: the thread is the union of what it holds and what arrives, by id. */
export function mergeMessages(current: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  let added = false;
  for (const m of incoming) {
    if (!byId.has(m.id)) {
      byId.set(m.id, m);
      added = true;
    }
  }
  if (!added) return current;
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}
