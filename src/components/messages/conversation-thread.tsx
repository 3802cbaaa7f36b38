'use client';

import { useTranslations } from 'next-intl';
import { useLayoutEffect, useRef } from 'react';
import { ReportButton } from '@/components/reports/report-button';
import { ArrowLeft } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { formatMessageDate } from '@/lib/format';
import type { Conversation, ThreadMessage } from '@/lib/schemas/messages';
import { MessageForm, type MessageSubject } from './message-form';
import { useConversation } from './use-conversation';

// Within this distance of the end the reader is following the thread, and a new message scrolls it.
const followPx = 80;

function MessageItem({ message }: { message: ThreadMessage }) {
  const t = useTranslations('reports');
  const own = message.pivot.sender;
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
      <article
        className={`max-w-[85%] rounded-2xl px-4 py-2 shadow-sm ${
          own ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-slate-900'
        }`}
      >
        <p className={`flex flex-wrap gap-x-2 text-xs ${own ? 'text-brand-100' : 'text-slate-600'}`}>
          <span className="font-semibold">{message.author}</span>
          <time dateTime={message.created_at}>{formatMessageDate(message.created_at)}</time>
        </p>
        {message.hidden ? (
          <p className="mt-1 italic">{t('message_hidden')}</p>
        ) : (
          <p className="mt-1 break-words whitespace-pre-wrap">{message.message}</p>
        )}
        {!own && !message.hidden && (
          <ReportButton target="message" targetId={message.id} signedIn className="-mb-1 -ml-3" />
        )}
      </article>
    </li>
  );
}

/**
 * The messages, oldest first, in a scrolling log that opens at the newest. It follows new ones while
 * the reader is at the end, and always after their own; one reading older messages stays where they are.
 */
function MessageLog({ messages, label }: { messages: ThreadMessage[]; label: string }) {
  const t = useTranslations('messages_page');
  const log = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const following = useRef(true);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    if (!last || !(following.current || last.pivot.sender)) return;
    // "nearest" scrolls the log to its end and the page only as far as needed to show that end.
    end.current?.scrollIntoView({ block: 'nearest' });
    following.current = true;
  }, [last]);

  return (
    <div
      ref={log}
      role="log"
      aria-label={label}
      // Keyboard users scroll the log too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      onScroll={() => {
        const el = log.current;
        if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight < followPx;
      }}
      className="max-h-[60vh] min-h-48 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      {messages.length === 0 ? (
        <p className="p-2 text-slate-700">{t('thread_empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
          <li ref={end} aria-hidden className="h-px" />
        </ol>
      )}
    </div>
  );
}

/** Spec §2 /messages/{id}: the conversation with one person and the form to write to them. */
export function ConversationThread({ initial, about }: { initial: Conversation; about?: MessageSubject }) {
  const t = useTranslations('messages_page');
  const { messages, add } = useConversation(initial);
  const other = initial.user;
  return (
    <div className="flex flex-col gap-4">
      <Link
        href="/messages"
        className="inline-flex min-h-11 w-fit items-center gap-2 font-medium text-brand-700 underline"
      >
        <ArrowLeft aria-hidden size={18} />
        {t('back')}
      </Link>
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{other.name}</h1>
      <MessageLog messages={messages} label={t('log_label', { name: other.name })} />
      {initial.can_write && <MessageForm to={other.id} about={about} onSent={(message) => add([message])} />}
    </div>
  );
}
