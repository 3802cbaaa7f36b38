import 'server-only';
import { createHmac } from 'node:crypto';
import { getConfig } from '@/config';
import { createPayuOrder } from './payu';

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

export interface PaymentProvider {
  name: 'payu' | 'test';
  /** The key notifications are signed with (PayU's second key). */
  secondKey: string;
  createOrder(request: ProviderOrderRequest): Promise<ProviderOrder>;
}

/**
 * The test provider's key: derived from a configured secret, so that every process of one installation
 * agrees on it without another setting. It guards nothing of value: without PayU nothing is charged.
 */
function testSecondKey(): string {
  return createHmac('sha256', getConfig().oauthClient.secret).update('test-payments').digest('hex');
}

/** PayU when its credentials are set, else the local test provider (DESIGN.md, the embedded default). */
export function paymentProvider(): PaymentProvider {
  const config = getConfig();
  if (config.payu) {
    const payu = config.payu;
    return {
      name: 'payu',
      secondKey: payu.secondKey,
      createOrder: (request) => createPayuOrder(payu, request),
    };
  }
  return {
    name: 'test',
    secondKey: testSecondKey(),
    // The payer goes to the portal's own, clearly labelled test payment page, at the address they are
    // using (the session cookie belongs to that one, which PUBLIC_URL need not be).
    createOrder: async (request) => ({
      providerOrderId: `TEST-${request.extOrderId}`,
      redirectUri: `${request.siteOrigin}/cart/test/${request.extOrderId}`,
    }),
  };
}
