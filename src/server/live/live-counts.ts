import 'server-only';
import type { LiveCounts } from '@/lib/schemas/live';
import type { AuthUser } from '@/server/auth/access-tokens';
import { countUnreadMessages } from '@/server/messages/count-unread';
import { countNotifications } from '@/server/notifications/list-notifications';

/** The top bar's counts: unread messages, and for everyone but companies (no bell, spec §6) the bell's. */
export async function getLiveCounts({ user }: { user: Pick<AuthUser, 'id' | 'role'> }): Promise<LiveCounts> {
  const [messages, notifications] = await Promise.all([
    countUnreadMessages({ userId: user.id }),
    user.role === 'company' ? 0 : countNotifications({ userId: user.id }),
  ]);
  return { messages, notifications };
}
