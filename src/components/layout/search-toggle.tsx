'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useEffect, useRef, useSyncExternalStore } from 'react';
import { Search } from '@/components/ui/icons';
import { splitLocalePath } from '@/lib/locale-path';

// Issue 18: on a phone the three-field search form took a third of the first screen of every page. It
// stays in full on the pages people search from; elsewhere a phone gets a button in the top bar that
// opens it under the bar. Whether it is open lives in the address (#search), so the browser's Back
// closes it, and the button and the form, far apart in the tree, share no other state.

const openHash = '#search';
const changed = 'portal:search-toggle';
let pushedByUs = false;

/** The pages whose search form is always shown, at every width. */
function formAlwaysShown(pathname: string) {
  const { path } = splitLocalePath(pathname);
  return path === '/' || path === '/list';
}

function subscribe(notify: () => void) {
  window.addEventListener('popstate', notify);
  window.addEventListener('hashchange', notify);
  window.addEventListener(changed, notify);
  return () => {
    window.removeEventListener('popstate', notify);
    window.removeEventListener('hashchange', notify);
    window.removeEventListener(changed, notify);
  };
}

function useSearchOpen() {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash === openHash,
    () => false,
  );
}

function setOpen(open: boolean) {
  if (open) {
    window.history.pushState(window.history.state, '', openHash);
    pushedByUs = true;
  } else if (pushedByUs) {
    // Closing undoes the entry opening added, so Back afterwards leaves the page as expected.
    pushedByUs = false;
    window.history.back();
    return;
  } else {
    // Opened by an address with #search: nothing of ours to go back to.
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
  }
  window.dispatchEvent(new Event(changed));
}

const buttonId = 'search-toggle';

/** The top bar's magnifier on a phone, on pages without the search form in full. */
export function SearchButton() {
  const t = useTranslations('search');
  const pathname = usePathname();
  const open = useSearchOpen();
  if (formAlwaysShown(pathname)) return null;
  return (
    <button
      id={buttonId}
      type="button"
      aria-label={t('open')}
      title={t('open')}
      aria-expanded={open}
      aria-controls="search-row"
      onClick={() => setOpen(!open)}
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 sm:hidden"
    >
      <Search aria-hidden size={20} />
    </button>
  );
}

/**
 * The row under the top bar holding the search form: always on the home page and /list, from 600 px
 * up on the others, and on a phone there only while the top bar's button has it open.
 */
export function SearchRow({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const open = useSearchOpen();
  const row = useRef<HTMLDivElement>(null);
  const always = formAlwaysShown(pathname);
  useEffect(() => {
    if (open && !always) row.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [open, always]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || always || !open) return;
    event.preventDefault();
    document.getElementById(buttonId)?.focus();
    setOpen(false);
  };
  const shown = always
    ? ''
    : open
      ? 'max-sm:fixed max-sm:inset-x-0 max-sm:top-14 max-sm:z-30 max-sm:shadow-lg'
      : 'hidden sm:block';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the form closes the panel
    <div
      id="search-row"
      ref={row}
      onKeyDown={onKeyDown}
      className={`border-b border-slate-200 bg-white ${shown}`}
    >
      {children}
    </div>
  );
}
