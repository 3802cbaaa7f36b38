import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { ConversationList } from '@/components/messages/conversation-list';
import { titled } from '@/i18n/page-title';
import { listConversations } from '@/server/messages/list-conversations';
import { redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('messages_page.title');

/** Spec §2 /messages: the signed-in person's conversations; login required. */
export default async function MessagesPage() {
  await connection();
  const user = await getPageUser();
  if (!user) return redirectToLogin('/messages');
  const t = await getTranslations('messages_page');
  const conversations = await listConversations({ actor: user });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      <ConversationList conversations={conversations} />
    </div>
  );
}
