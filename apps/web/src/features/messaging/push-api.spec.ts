import { PUSH_FAILURE_MESSAGE, PUSH_NO_BODY_MESSAGE, type SendPushBody } from '@qr/contracts';
import { installFakeApi, reply, requestsOf } from '../../testing/fake-api';
import { sendPush } from './push-api';

const BODY: SendPushBody = { org_id: '0a000000-0000-4000-8000-000000000001', title: 'Hot chocolate is back', body: 'Two for one until Sunday.' };

describe('sending a push notification', () => {
  const answeredWith = (answer: () => ReturnType<typeof reply>) =>
    installFakeApi((path, method) => (path === '/api/v1/messaging/push/send' && method === 'POST' ? answer() : undefined));

  it('posts the notification and says it was sent when the answer says “sent”', async () => {
    const api = answeredWith(() => reply(200, { message: 'Notification sent to 3 subscribers.', campaign_id: 'c', subscribers: 3 }));
    expect(await sendPush(BODY)).toEqual({ status: 'sent', message: 'Notification sent to 3 subscribers.' });
    expect(requestsOf(api, 'POST')).toEqual([['/api/v1/messaging/push/send', BODY]]);
  });

  it('says it was scheduled when the answer says “Scheduled”', async () => {
    answeredWith(() => reply(200, { message: 'Scheduled for 24 Dec 2026, 09:00 UTC to 3 subscribers.', campaign_id: 'c', subscribers: 3 }));
    expect(await sendPush({ ...BODY, send_at: '2026-12-24T09:00:00Z' })).toEqual({
      status: 'scheduled',
      message: 'Scheduled for 24 Dec 2026, 09:00 UTC to 3 subscribers.',
    });
  });

  it('calls any other answer an unexpected status', async () => {
    answeredWith(() => reply(200, { message: 'Queued', campaign_id: 'c', subscribers: 0 }));
    expect(await sendPush(BODY)).toEqual({ status: 'unexpected', message: 'Unexpected status: Queued' });
  });

  it('says “Invalid response received from the server.” when the answer has no body', async () => {
    answeredWith(() => reply(200));
    expect(await sendPush(BODY)).toEqual({ status: 'no_body', message: PUSH_NO_BODY_MESSAGE });
    expect(PUSH_NO_BODY_MESSAGE).toBe('Invalid response received from the server.');
  });

  it('says “Failed to send notifications.” when the server refuses or cannot be reached, keeping the refusal’s field errors', async () => {
    answeredWith(() => reply(400, { title: 'Bad request', code: 'validation_failed', errors: [{ field: 'body.title', message: 'Write the title.' }] }));
    const refused = await sendPush({ ...BODY, title: '' });
    expect(refused).toMatchObject({ status: 'failed', message: 'Failed to send notifications.', problem: { status: 400, errors: [{ field: 'body.title' }] } });
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendPush(BODY)).toEqual({ status: 'failed', message: PUSH_FAILURE_MESSAGE, problem: null });
  });
});
