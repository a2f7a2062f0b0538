import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_THEME_STYLE, type UnsubscribeView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../../testing/axe';
import { installFakeApi, reply, requestsOf } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const BASE = '/api/v1/public/messaging/unsubscribe';
const TOKEN = 'abc.def';
const SUBSCRIBED: UnsubscribeView = {
  organization: { name: 'Corner Bakery', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
  address: 'ada@example.com',
  status: 'given',
};

function serve(post = reply(200, { ...SUBSCRIBED, status: 'withdrawn' })) {
  return installFakeApi((path, method) => {
    if (!path.startsWith(`${BASE}?token=`)) return undefined;
    if (path !== `${BASE}?token=${encodeURIComponent(TOKEN)}`)
      return reply(400, { title: 'This unsubscribe link does not work', code: 'messaging_unsubscribe_invalid' });
    return method === 'POST' ? post : reply(200, SUBSCRIBED);
  });
}

it('names the address in the organisation’s frame, and unsubscribes it on one press', async () => {
  const api = serve();
  const { container } = renderApp(`/unsubscribe?token=${TOKEN}`);
  await screen.findByRole('heading', { name: 'Stop messages from Corner Bakery?' });
  screen.getByText('Corner Bakery sends messages to ada@example.com. Press the button and they stop.');
  await expectNoAxeViolations(container);
  // Opening the link changed nothing: a mail scanner that follows it unsubscribes nobody.
  expect(requestsOf(api, 'POST')).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  await screen.findByRole('heading', { name: 'You are unsubscribed' });
  expect(screen.getByRole('status').textContent).toContain('Corner Bakery will not send messages to ada@example.com any more.');
  expect(requestsOf(api, 'POST').map(([path]) => path)).toEqual([`${BASE}?token=${encodeURIComponent(TOKEN)}`]);
});

it('says a changed or missing link does not work', async () => {
  serve();
  renderApp('/unsubscribe?token=forged.link');
  await screen.findByRole('heading', { name: 'This link does not work' });
});

it('keeps the button when the withdrawal fails, and says so', async () => {
  serve(reply(503, { title: 'Temporarily unavailable', code: 'service_unavailable' }));
  renderApp(`/unsubscribe?token=${TOKEN}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Not unsubscribed yet');
  screen.getByRole('button', { name: 'Unsubscribe' });
});
