import { PushKeyView, PushSubscribeBody, PushUnsubscribeBody } from '@qr/contracts';
import { body, json, type ApiPaths } from '../../http/openapi';

/** Web push (spec §1, §4, §7 "send push notification"), from the contracts its routes validate with. */
export function registerPushPaths({ open }: ApiPaths): void {
  const visitor = open('messaging', '/api/v1/public/messaging/push', [400, 404, 500]);
  visitor('get', '/key', 'The server’s VAPID public key (RFC 8292), base64url, for `pushManager.subscribe({ applicationServerKey })`', {
    200: json('The key', PushKeyView),
  });
  visitor(
    'post',
    '/subscribe',
    'A browser subscribes on a code’s landing page, as `PushSubscription.toJSON()` gives it; a browser subscribing again replaces its subscription. 404 code_not_found for a code that does not exist or was deleted',
    { 204: { description: 'Subscribed' } },
    { body: body(PushSubscribeBody) },
  );
  visitor(
    'post',
    '/unsubscribe',
    'The browser at this endpoint gets no more notifications (204 whether or not it was subscribed)',
    { 204: { description: 'Unsubscribed' } },
    { body: body(PushUnsubscribeBody) },
  );
}
