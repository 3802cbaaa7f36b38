'use client';

import { useEffect, useRef, useState } from 'react';
import { ApiError, useApi } from '@/components/hooks/use-api';
import { Link } from '@/components/ui/link';
import type { ApiAnswer, ApiUrl } from '@/lib/api-client';

/** What the mailed links' calls answer: a message to show. */
type Confirmed =
  | ApiAnswer<'/api/user/verify/{token}', 'POST'>
  | ApiAnswer<'/api/newsletter/confirm/{token}', 'POST'>
  | ApiAnswer<'/api/unsubscribe', 'POST'>;

/**
 * The page a mailed link opens: POSTs its token once, then shows the API's answer (or `texts.failed`
 * when the error carries none) with a link onwards. `readError` picks the message out of an error's body.
 */
export function TokenLinkResult({
  url,
  texts,
  next,
  readError,
  onConfirmed,
}: {
  url: ApiUrl;
  texts: { pending: string; failed: string; next: string };
  next: string;
  readError: (body: unknown) => string | undefined;
  onConfirmed?: () => void;
}) {
  const api = useApi();
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The token works once: a second effect run (Strict Mode) must not spend it again.
    if (started.current) return;
    started.current = true;
    api(url, { method: 'POST', quiet: true })
      .then((res) => {
        setState({ ok: true, message: (res as Confirmed).message });
        onConfirmed?.();
      })
      .catch((error) => {
        const message = error instanceof ApiError ? readError(error.body) : undefined;
        setState({ ok: false, message: message ?? texts.failed });
      });
  }, [api, url, texts.failed, readError, onConfirmed]);

  if (!state) return <p role="status">{texts.pending}</p>;
  return (
    <div
      role="status"
      className={`rounded-xl border p-4 ${state.ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <p>{state.message}</p>
      <Link href={next} className="mt-2 inline-block font-semibold underline">
        {texts.next}
      </Link>
    </div>
  );
}
