import type { PushKeyView, PushSubscribeBody } from '@qr/contracts';
import { publicFetch } from '../../../api/api-fetch';

/**
 * The visitor's side of web push, without sign-in. Nor zod: it sits on the landing page, a phone's
 * download, so answers are taken as the contract's types unparsed (as public-page-api does).
 */
const PUSH = '/api/v1/public/messaging/push';

export async function fetchPushKey(): Promise<string> {
  const response = await publicFetch(`${PUSH}/key`);
  if (!response.ok) throw new Error(`Notifications are not available right now (${response.status}).`);
  return ((await response.json()) as PushKeyView).public_key;
}

export async function postSubscription(body: PushSubscribeBody): Promise<void> {
  const response = await publicFetch(`${PUSH}/subscribe`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Notifications could not be turned on (${response.status}). Please try again.`);
}

export async function postUnsubscription(endpoint: string): Promise<void> {
  const response = await publicFetch(`${PUSH}/unsubscribe`, { method: 'POST', body: JSON.stringify({ endpoint }) });
  if (!response.ok) throw new Error(`Notifications could not be turned off (${response.status}). Please try again.`);
}
