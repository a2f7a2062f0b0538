import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VisitorProviders } from '../../../app/visitor-providers';
import { installFakeApi, reply, requestsOf, type FakeApi } from '../../../testing/fake-api';
import { PushOptIn } from './push-opt-in';

const CODE_ID = 'AbCdEf1234';
// The server's VAPID public key: 65 bytes, base64url.
const KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/1',
  expirationTime: null,
  keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) },
};

/** A browser that can take push messages: the visitor's answer to the permission prompt, and what it was asked. */
function pushCapableBrowser(permission: NotificationPermission) {
  const subscribed = { current: null as null | { endpoint: string; toJSON: () => object; unsubscribe: jest.Mock } };
  const subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => {
    subscribed.current = { endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe: jest.fn(async () => true) };
    return { ...subscribed.current, options };
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscribed.current } };
  const register = jest.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.assign(window, { PushManager: class {} });
  const requestPermission = jest.fn(async () => permission);
  Object.assign(window, { Notification: { permission: 'default', requestPermission } });
  return { register, subscribe, requestPermission, subscribed };
}

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = installFakeApi((path, method) => {
    if (path === '/api/v1/public/messaging/push/key') return reply(200, { public_key: KEY });
    if (method === 'POST') return reply(204);
    return undefined;
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});

const renderOptIn = () =>
  render(
    <VisitorProviders scheme="visitor">
      <PushOptIn codeId={CODE_ID} />
    </VisitorProviders>,
  );

describe('a landing page’s “Get notifications”', () => {
  it('shows nothing in a browser that cannot take push messages', async () => {
    renderOptIn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks permission only when pressed, registers the worker, subscribes with the server’s key and hands the subscription to the server on the page’s code', async () => {
    const browser = pushCapableBrowser('granted');
    renderOptIn();
    const button = await screen.findByRole('button', { name: 'Get notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText('You will get notifications from this page.')).toBeTruthy();
    expect(browser.register).toHaveBeenCalledWith('/push-worker.js', { scope: '/' });
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toHaveLength(65);
    expect(requestsOf(api, 'POST')).toEqual([['/api/v1/public/messaging/push/subscribe', { code_id: CODE_ID, subscription: SUBSCRIPTION }]]);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Get notifications' })).toBeTruthy();
    expect(requestsOf(api, 'POST')[1]).toEqual(['/api/v1/public/messaging/push/unsubscribe', { endpoint: SUBSCRIPTION.endpoint }]);
  });

  it('says how to allow notifications when the visitor blocks them, and subscribes nothing', async () => {
    const browser = pushCapableBrowser('denied');
    renderOptIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Get notifications' }));
    await waitFor(() => expect(screen.getByText(/Notifications are blocked for this site/)).toBeTruthy());
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requestsOf(api, 'POST')).toEqual([]);
  });
});
