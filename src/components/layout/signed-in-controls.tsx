'use client';

import dynamic from 'next/dynamic';

// Only a signed-in visitor sees the account menu, the messages count and the bell, so their code is a
// chunk of its own: the anonymous family on the home page never downloads it. They still render on
// the server, and the chunk is preloaded whenever they do.
export const UserMenu = dynamic(() => import('./user-menu').then((m) => m.UserMenu));
export const NotificationsBell = dynamic(() =>
  import('./notifications-bell').then((m) => m.NotificationsBell),
);
export const MessagesLink = dynamic(() => import('./messages-link').then((m) => m.MessagesLink));
