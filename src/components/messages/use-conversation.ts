'use client';

import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import type { Conversation, ThreadMessage } from '@/lib/schemas/messages';
import { mergeMessages } from './merge-messages';

// The other side's answers appear within this long while the tab is in view; a hidden tab asks nothing.
const pollMs = 4000;

/**
 * The messages of a conversation: the page's own, the ones this tab sends (`add`) and the other side's,
 * fetched every few seconds while the tab is visible and at once when it becomes visible again.
 */
export function useConversation(initial: Conversation) {
  const api = useApi();
  const [messages, setMessages] = useState(initial.data);
  const add = useCallback((incoming: ThreadMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming));
  }, []);
  const otherId = initial.user.id;

  useEffect(() => {
    let inFlight = false;
    let stopped = false;
    const poll = async () => {
      if (inFlight || document.visibilityState !== 'visible') return;
      inFlight = true;
      try {
        const fresh = await api('/api/message/getDetails/{id}', { params: { id: otherId }, quiet: true });
        if (!stopped) add(fresh.data);
      } catch {
        // A missed poll (offline, a restart) is made up for by the next one.
      } finally {
        inFlight = false;
      }
    };
    const timer = setInterval(poll, pollMs);
    document.addEventListener('visibilitychange', poll);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [api, add, otherId]);

  return { messages, add };
}
