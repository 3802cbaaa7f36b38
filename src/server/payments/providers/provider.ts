import 'server-only';
import { randomBytes } from 'node:crypto';
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

// The test provider's key: the test page's call signs its notification and checks it in the same process
// (`completeTestPayment`), so a key no one else knows is enough. It was derived from the client secret,
// whose embedded default is public: anyone could have signed a notification to /api/payu/notify.
const testSecondKey = randomBytes(32).toString('hex');

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
    secondKey: testSecondKey,
    // The payer goes to the portal's own, clearly labelled test payment page, at the address they are
    // using (the session cookie belongs to that one, which PUBLIC_URL need not be).
    createOrder: async (request) => ({
      providerOrderId: `TEST-${request.extOrderId}`,
      redirectUri: `${request.siteOrigin}/cart/test/${request.extOrderId}`,
    }),
  };
}
