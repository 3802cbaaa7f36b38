'use client';

import dynamic from 'next/dynamic';

/**
 * The description field in a chunk of its own, for the company form: the sign-up and profile pages are at
 * their JavaScript ceilings (issue 15). Rendered on the server as the field's textarea, as `RichTextField` is.
 */
export const RichTextFieldLazy = dynamic(() =>
  import('./rich-text-field').then((module) => module.RichTextField),
);
