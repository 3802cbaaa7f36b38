'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { ApiUrl } from '@/lib/api-client';
import { useCheckout } from './use-checkout';

/**
 * A button that buys or pays what `path` (one of spec §7's /api/payu/* calls) names, after the buyer
 * confirms the billing data.
 */
export function CheckoutButton({
  path,
  label,
  children,
}: {
  path: ApiUrl;
  /** The accessible name when the visible text alone does not say what is bought. */
  label?: string;
  children: ReactNode;
}) {
  const { checkout, busy, dialog } = useCheckout();
  return (
    <>
      <Button aria-label={label} disabled={busy} onClick={() => checkout(path)} className="shrink-0">
        {children}
      </Button>
      {dialog}
    </>
  );
}
