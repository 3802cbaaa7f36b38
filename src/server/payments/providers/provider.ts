import 'server-only';
import { randomBytes } from 'node:crypto';
import { getConfig } from '@/config';
import { defaultLocale, isLocale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { completeTestRefund } from '@/server/payments/test-payment';
import { createPayuOrder, createPayuRefund } from './payu';
import type { PaymentProvider } from './provider-types';

export type {
  PaymentProvider,
  ProviderOrder,
  ProviderOrderRequest,
  ProviderRefundRequest,
} from './provider-types';

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
      refund: (request) => createPayuRefund(payu, request),
    };
  }
  return {
    name: 'test',
    secondKey: testSecondKey,
    // The payer goes to the portal's own, clearly labelled test payment page, at the address they are
    // using (the session cookie belongs to that one, which PUBLIC_URL need not be).
    createOrder: async (request) => ({
      providerOrderId: `TEST-${request.extOrderId}`,
      redirectUri: `${request.siteOrigin}${localeHref(`/cart/test/${request.extOrderId}`, isLocale(request.buyer.language) ? request.buyer.language : defaultLocale)}`,
    }),
    // Nothing was charged, so the refund is settled at once by the provider's own signed notification.
    refund: (request) => completeTestRefund(request, testSecondKey),
  };
}
