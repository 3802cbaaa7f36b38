'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { loginPath } from '@/lib/next-path';
import { useApi } from './use-api';

/**
 * Spec §4 favourite and calendar toggles: the state changes at once, then the server is told, and it
 * goes back if that fails. Anonymous visitors are sent to /login instead, and come back here after it. After a change the router's
 * cached copy of the page is dropped, so coming back to it shows the new state.
 */
export function useToggle({
  id,
  initial,
  signedIn,
  paths,
}: {
  id: number;
  initial: boolean;
  signedIn: boolean;
  paths: { add: string; remove: string };
}) {
  const api = useApi();
  const router = useRouter();
  const [on, setOn] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    if (!signedIn) {
      router.push(loginPath(window.location.pathname + window.location.search));
      return;
    }
    const next = !on;
    setOn(next);
    setPending(true);
    try {
      await api(next ? paths.add : paths.remove, { method: 'POST', body: { id } });
      router.refresh();
    } catch {
      setOn(!next);
    } finally {
      setPending(false);
    }
  }

  return { on, pending, toggle };
}
