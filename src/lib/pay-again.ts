// Issue 27 point 6: how long an order's payment page takes money. PayU's default validityTime, sent with
// every order (providers/payu.ts) so the POS's own setting cannot differ; after it PayU cancels the order.
export const paymentValiditySeconds = 86_400;

/**
 * Whether paying an order continues its own payment (a pending order younger than the payment's
 * validity) rather than placing a new order for the same thing at today's price (a failed, cancelled or
 * expired one). The profile's button and the server decide by this one rule.
 */
export function continuesPayment(order: { status: string; createdAt: Date }, now: Date): boolean {
  return (
    order.status === 'pending' && now.getTime() - order.createdAt.getTime() < paymentValiditySeconds * 1000
  );
}
