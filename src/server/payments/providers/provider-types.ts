// What the portal and a payment provider say to each other; provider.ts picks the provider.

/** What the portal tells the payment provider about an order (PayU's order create, amounts in grosze). */
export interface ProviderOrderRequest {
  extOrderId: string;
  description: string;
  totalAmount: number;
  currency: string;
  customerIp: string;
  notifyUrl: string;
  continueUrl: string;
  buyer: { email: string; firstName?: string; lastName?: string; language: string };
  /** The address the buyer reached the portal at (scheme and host), for pages on the portal itself. */
  siteOrigin: string;
  products: { name: string; unitPrice: number; quantity: number }[];
}

export interface ProviderOrder {
  providerOrderId: string;
  redirectUri: string;
}

/** A refund of part or all of a paid order (PayU's refund create, amount in grosze). */
export interface ProviderRefundRequest {
  /** The provider's id of the paid order. */
  providerOrderId: string;
  extOrderId: string;
  /** Our id of the refund, which the provider's refund notification names. */
  extRefundId: string;
  amount: number;
  currency: string;
  description: string;
}

export interface PaymentProvider {
  name: 'payu' | 'test';
  /** The key notifications are signed with (PayU's second key). */
  secondKey: string;
  createOrder(request: ProviderOrderRequest): Promise<ProviderOrder>;
  /** Asks for a refund; it is done only when the provider's refund notification says FINALIZED. */
  refund(request: ProviderRefundRequest): Promise<{ providerRefundId: string | null }>;
}
