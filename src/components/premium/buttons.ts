/** The page's two button looks, shared by links and buttons. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-5 text-center font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-600 bg-white px-5 text-center font-semibold text-brand-700 hover:bg-brand-50';
