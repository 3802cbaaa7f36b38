'use client';

import dynamic from 'next/dynamic';

/**
 * The registration panel in a chunk of its own: the event page is at its JavaScript budget (issue 15). The
 * server renders the panel whole; its code comes just after the page's own.
 */
export const RegistrationPanelLazy = dynamic(() =>
  import('./registration-panel').then((module) => module.RegistrationPanel),
);
