import type { AbstractIntlMessages } from 'next-intl';

// Client components read their texts from the messages NextIntlClientProvider hands them, and those
// travel in every page's payload: all of them were 66 KB of each page's HTML. Each page and layout
// now hands over only the namespaces its client components use (`clientMessages` beside it; the test
// beside this file walks the imports and checks the lists).

/** The messages under `namespaces` ('home' or 'home.carousel'), in the same nesting. */
export function pickMessages(
  messages: AbstractIntlMessages,
  namespaces: readonly string[],
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of namespaces) {
    const keys = namespace.split('.');
    let from: AbstractIntlMessages | string | undefined = messages;
    let to = picked;
    keys.forEach((key, i) => {
      from = typeof from === 'object' ? from[key] : undefined;
      if (from === undefined) return;
      if (i === keys.length - 1) to[key] = from;
      else {
        to[key] ??= {};
        to = to[key] as AbstractIntlMessages;
      }
    });
  }
  return picked;
}
