'use client';

import { useTranslations } from 'next-intl';
import {
  type KeyboardEvent,
  type ReactNode,
  useLayoutEffect,
  useReducer,
  useRef,
  useSyncExternalStore,
} from 'react';
import { eventsHash, type ListTab, placesHash, tabFromHash } from './list-url';

const tabs: ListTab[] = ['events', 'places'];

// The hash is the tab's state. The server cannot see it and renders the default (places) tab.
// Next.js changes the URL with pushState, which fires no event: the Navigation API reports those
// (where the browser has it), and the tabs announce their own replaceState.
const hashListeners = new Set<() => void>();
function subscribeHash(listener: () => void) {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  hashListeners.add(listener);
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  navigation?.addEventListener('currententrychange', listener);
  return () => {
    hashListeners.delete(listener);
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
    navigation?.removeEventListener('currententrychange', listener);
  };
}
const notifyHash = () => {
  for (const listener of hashListeners) listener();
};

const defaultTab: ListTab = 'places';
const readTab = () => tabFromHash(window.location.hash);

/**
 * Spec §2 /list: the events and places tabs. Both panels come rendered from the server, so switching is
 * instant; the hash (#event_type, else places) picks the tab and is updated without a reload.
 */
export function ListTabs({
  counts,
  events,
  places,
}: {
  counts: Record<ListTab, string>;
  events: ReactNode;
  places: ReactNode;
}) {
  const t = useTranslations('list');
  const tab = useSyncExternalStore(subscribeHash, readTab, () => defaultTab);
  const buttons = useRef<Record<ListTab, HTMLButtonElement | null>>({ events: null, places: null });
  // A client navigation writes its URL in the commit, after this render read the hash (and before the
  // store subscribes); looking again before the paint avoids a flash of the wrong tab.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    if (readTab() !== tab) rerender();
  });

  const choose = (next: ListTab, focus = false) => {
    // Keeps the query (the filters) and the router's state; only the hash changes.
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}${next === 'events' ? eventsHash : placesHash}`,
    );
    notifyHash();
    if (focus) buttons.current[next]?.focus();
  };

  // WAI-ARIA tabs: arrows, Home and End move between the tabs and select them.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index + tabs.length - 1) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  };

  const panels: Record<ListTab, ReactNode> = { events, places };
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={t('tabs')}
        className="flex gap-1 rounded-xl border border-slate-200 bg-white p-1"
      >
        {tabs.map((name) => (
          <button
            key={name}
            ref={(node) => {
              buttons.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`list-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`list-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            onKeyDown={onKeyDown}
            className={`flex min-w-0 flex-1 items-center justify-center gap-2 rounded-lg px-2 py-2 font-semibold sm:px-4 ${
              tab === name ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {t(name === 'events' ? 'tab_events' : 'tab_places')}
            {/* The panel's heading says the count in words. */}
            <span
              aria-hidden
              className={`rounded-full px-2 text-xs ${tab === name ? 'bg-white text-brand-700' : 'bg-slate-100'}`}
            >
              {counts[name]}
            </span>
          </button>
        ))}
      </div>
      {tabs.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`list-panel-${name}`}
          aria-labelledby={`list-tab-${name}`}
          hidden={tab !== name}
          className="mt-4"
        >
          {panels[name]}
        </div>
      ))}
    </div>
  );
}
