import 'server-only';
import type { Config } from '@/config';
import { paymentValiditySeconds } from '@/lib/pay-again';
import type { ProviderOrder, ProviderOrderRequest, ProviderRefundRequest } from './provider-types';

type PayuConfig = NonNullable<Config['payu']>;

// PayU REST API v2.1: an OAuth client-credentials token, then POST /api/v2_1/orders. PayU answers a
// created order with 302 and a JSON body naming the payment page; the redirect is not followed.

const timeoutMs = 15_000;

export class PayuError extends Error {}

let cached: { key: string; token: string; expires: number } | undefined;

async function accessToken(payu: PayuConfig, fresh = false): Promise<string> {
  const key = `${payu.baseUrl}|${payu.clientId}`;
  if (!fresh && cached && cached.key === key && cached.expires > Date.now()) return cached.token;
  const response = await fetch(`${payu.baseUrl}/pl/standard/user/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: payu.clientId,
      client_secret: payu.clientSecret,
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
  } | null;
  if (!response.ok || !body?.access_token) throw new PayuError(`PayU OAuth answered ${response.status}`);
  // Renewed a minute early, so a token never expires between this check and PayU's.
  const lifetime = Math.max(0, (body.expires_in ?? 0) - 60) * 1000;
  cached = { key, token: body.access_token, expires: Date.now() + lifetime };
  return body.access_token;
}

async function postOrder(payu: PayuConfig, token: string, request: ProviderOrderRequest) {
  return fetch(`${payu.baseUrl}/api/v2_1/orders`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      notifyUrl: request.notifyUrl,
      continueUrl: request.continueUrl,
      customerIp: request.customerIp,
      merchantPosId: payu.posId,
      description: request.description,
      currencyCode: request.currency,
      totalAmount: String(request.totalAmount),
      extOrderId: request.extOrderId,
      // Said, not left to the POS's setting: after it PayU cancels the order, and the profile offers a
      // new one instead of a payment page that no longer takes money (lib/pay-again.ts).
      validityTime: String(paymentValiditySeconds),
      buyer: request.buyer,
      products: request.products.map((p) => ({
        name: p.name,
        unitPrice: String(p.unitPrice),
        quantity: String(p.quantity),
      })),
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** Creates the order at PayU; a token PayU no longer accepts is renewed once. */
export async function createPayuOrder(
  payu: PayuConfig,
  request: ProviderOrderRequest,
): Promise<ProviderOrder> {
  let response = await postOrder(payu, await accessToken(payu), request);
  if (response.status === 401) response = await postOrder(payu, await accessToken(payu, true), request);
  const body = (await response.json().catch(() => null)) as {
    status?: { statusCode?: string };
    redirectUri?: string;
    orderId?: string;
  } | null;
  const accepted = response.status === 200 || response.status === 201 || response.status === 302;
  if (!accepted || body?.status?.statusCode !== 'SUCCESS' || !body.redirectUri || !body.orderId) {
    throw new PayuError(
      `PayU refused the order: ${response.status} ${body?.status?.statusCode ?? ''}`.trim(),
    );
  }
  return { providerOrderId: body.orderId, redirectUri: body.redirectUri };
}

async function postRefund(payu: PayuConfig, token: string, request: ProviderRefundRequest) {
  return fetch(`${payu.baseUrl}/api/v2_1/orders/${encodeURIComponent(request.providerOrderId)}/refunds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      refund: {
        description: request.description,
        amount: String(request.amount),
        extRefundId: request.extRefundId,
        currencyCode: request.currency,
      },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * Asks PayU to refund part or all of a paid order (POST /api/v2_1/orders/{orderId}/refunds). PayU
 * queues it (status PENDING) and later notifies FINALIZED or CANCELED; a token PayU no longer accepts is
 * renewed once.
 */
export async function createPayuRefund(
  payu: PayuConfig,
  request: ProviderRefundRequest,
): Promise<{ providerRefundId: string | null }> {
  let response = await postRefund(payu, await accessToken(payu), request);
  if (response.status === 401) response = await postRefund(payu, await accessToken(payu, true), request);
  const body = (await response.json().catch(() => null)) as {
    status?: { statusCode?: string };
    refund?: { refundId?: string };
  } | null;
  if (!response.ok || body?.status?.statusCode !== 'SUCCESS') {
    throw new PayuError(
      `PayU refused the refund: ${response.status} ${body?.status?.statusCode ?? ''}`.trim(),
    );
  }
  return { providerRefundId: body.refund?.refundId ?? null };
}
