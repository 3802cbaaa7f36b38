'use client';

import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { toast } from '@/components/ui/toasts';
import { type ApiAnswer, type ApiBody, apiUrl } from '@/lib/api-client';

/** The registration's buttons' calls, each on one registration, ticket or event. */
type ActionPath =
  | '/api/event/{id}/register'
  | '/api/registrations/{id}/approve'
  | '/api/registrations/{id}/decline'
  | '/api/tickets/{id}/cancel'
  | '/api/tickets/{id}/confirm';

/**
 * One POST of a registration's buttons (register, confirm, cancel, approve, decline): its answer's message as a
 * toast, the page drawn again from the server, and `pending` while it runs. Errors are shown by `useApi`.
 */
export function useRegistrationAction() {
  const api = useApi();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const send = async <P extends ActionPath>(path: P, id: number, body?: ApiBody<P, 'POST'>) => {
    setPending(true);
    try {
      const url = apiUrl<ActionPath>(path, { params: { id } });
      const answer = (await api(url, { method: 'POST', body: body ?? {} })) as ApiAnswer<ActionPath, 'POST'>;
      toast.success(answer.message);
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setPending(false);
    }
  };
  return { pending, send };
}
