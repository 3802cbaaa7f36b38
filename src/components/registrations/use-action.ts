'use client';

import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { toast } from '@/components/ui/toasts';

/**
 * One POST of a registration's buttons (register, confirm, cancel, approve, decline): its answer's message as a
 * toast, the page drawn again from the server, and `pending` while it runs. Errors are shown by `useApi`.
 */
export function useRegistrationAction() {
  const api = useApi();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const send = async (path: string, body: unknown = {}) => {
    setPending(true);
    try {
      const answer = await api<{ message: string }>(path, { method: 'POST', body });
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
