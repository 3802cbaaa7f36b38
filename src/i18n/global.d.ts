import type messages from './messages/pl.json';

// Typed messages: a t('key') that pl.json lacks fails the type check.
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof messages;
  }
}
