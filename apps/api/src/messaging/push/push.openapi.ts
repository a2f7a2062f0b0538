import { PushKeyView, PushSubscribeBody, PushUnsubscribeBody, SendPushBody, SendPushView } from '@qr/contracts';
import { body, json, type ApiPaths } from '../../http/openapi';

/** Web push (spec §1, §4, §7 "send push notification"), from the contracts its routes validate with. */
export function registerPushPaths({ open, signedIn }: ApiPaths): void {
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
  signedIn('messaging', '/api/v1/messaging/push')(
    'post',
    '/send',
    'Spec “send push notification”: a push campaign to the browsers subscribed on the organisation’s pages (on `code_id` when given), now or at `send_at`. ' +
      '`message` says “Notification sent to N subscribers.” or “Scheduled for 24 Dec 2026, 09:00 UTC to N subscribers.”; 422 messaging_empty_audience when no browser subscribed; 404 code_not_found for a code of another organisation (owner, admin, editor)',
    { 200: json('Sent or scheduled', SendPushView) },
    { body: body(SendPushBody) },
  );
}
