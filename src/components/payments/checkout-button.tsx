'use client';

import type { ReactNode } from 'react';
import type { ApiUrl } from '@/lib/api-client';
import { useCheckout } from './use-checkout';

export const checkoutButtonClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 px-5 text-center font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

/**
 * A button that buys or pays what `path` (one of spec §7's /api/payu/* calls) names, after the buyer
 * confirms the billing data.
 */
export function CheckoutButton({
  path,
  label,
  children,
  className = checkoutButtonClass,
}: {
  path: ApiUrl;
  /** The accessible name when the visible text alone does not say what is bought. */
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  const { checkout, busy, dialog } = useCheckout();
  return (
    <>
      <button
        type="button"
        aria-label={label}
        disabled={busy}
        onClick={() => checkout(path)}
        className={className}
      >
        {children}
      </button>
      {dialog}
    </>
  );
}
