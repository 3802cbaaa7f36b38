import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { ConversationThread } from '@/components/messages/conversation-thread';
import type { MessageSubject } from '@/components/messages/message-form';
import type { AuthUser } from '@/server/auth/access-tokens';
import { getConversation } from '@/server/messages/get-conversation';
import { redirectToLogin } from '@/web/locale-redirect';
import { orNotFound } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** `?place=ID` or `?event=ID`: the page the visitor came from to write (issue 28 statistics). */
function aboutOf(query: Record<string, string | string[] | undefined>): MessageSubject | undefined {
  for (const subject of ['place', 'event'] as const) {
    const value = query[subject];
    if (typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value)) return { subject, id: Number(value) };
  }
  return undefined;
}

// One read per request for the title and the page: opening the conversation also marks it read.
// A conversation the visitor is not in, or may not start, is a page that does not exist.
const loadConversation = cache(async (actor: AuthUser, rawId: string) => {
  if (!/^[1-9]\d{0,8}$/.test(rawId)) notFound();
  return orNotFound(getConversation({ actor, otherId: Number(rawId) }), ['not_found', 'forbidden']);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await getPageUser();
  const t = await getTranslations('messages_page');
  if (!user) return { title: t('title') };
  const conversation = await loadConversation(user, (await params).id);
  return { title: t('thread_title', { name: conversation.user.name }) };
}

/** Spec §2 /messages/{id}: the conversation with user {id}, oldest first, and the send form; login required. */
export default async function ConversationPage({ params, searchParams }: Props) {
  await connection();
  const { id } = await params;
  const user = await getPageUser();
  if (!user) return redirectToLogin(`/messages/${id}`);
  const conversation = await loadConversation(user, id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <ConversationThread initial={conversation} about={aboutOf(await searchParams)} />
    </div>
  );
}
