'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

// The clipboard API needs a secure, focused page; the old selection trick covers the rest.
async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.readOnly = true;
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** Copies a text; `copied` names what was copied for a few seconds, `failed` says it did not work. */
export function useCopy() {
  const [state, setState] = useState<{ key: string; ok: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    const ok = await writeClipboard(text);
    setState({ key, ok });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState(null), 3000);
  }, []);
  return { copy, copied: state?.ok ? state.key : null, failed: state && !state.ok ? state.key : null };
}
