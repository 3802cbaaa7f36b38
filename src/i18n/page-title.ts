import type { Metadata } from 'next';
import type { MessageKeys, Messages, NestedKeyOf } from 'next-intl';
import { getTranslations } from 'next-intl/server';

type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/**
 * The `generateMetadata` of a page whose title is one message, in the reader's language:
 * `export const generateMetadata = titled('admin.audit.title');`.
 */
export function titled(key: MessageKey) {
  return async (): Promise<Metadata> => ({ title: (await getTranslations())(key) });
}
