import { render, screen } from '@testing-library/react';
import { VisitorProviders } from '../../app/visitor-providers';
import { EventAccessGuard, type EventAccessChecks } from './event-access-guard';

function renderGuard(checks: EventAccessChecks) {
  return render(
    <VisitorProviders>
      <EventAccessGuard id="evt-1" checks={checks}>
        <p>The event page</p>
      </EventAccessGuard>
    </VisitorProviders>,
  );
}

const noGeolocation = () => Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
const geolocationAt = (latitude: number, longitude: number) =>
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition) },
    configurable: true,
  });

test('shows nothing while checking, then the content when the location check lets everyone in, without asking where the visitor is', async () => {
  const getCurrentPosition = jest.fn();
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  let open!: (allowed: boolean) => void;
  const validate = jest.fn();
  renderGuard({ locationCheck: () => new Promise((resolve) => (open = resolve)), validate });
  await Promise.resolve();
  expect(screen.queryByText('The event page')).toBeNull();
  expect(screen.queryByText('Access Unavailable')).toBeNull();
  open(true);
  expect(await screen.findByText('The event page')).toBeTruthy();
  expect(getCurrentPosition).not.toHaveBeenCalled();
  expect(validate).not.toHaveBeenCalled();
});

test("validates with the device's position when the event needs it, and lets the visitor in when it is right", async () => {
  geolocationAt(52.52, 13.4);
  const validate = jest.fn(async () => true);
  renderGuard({ locationCheck: async () => false, validate });
  expect(await screen.findByText('The event page')).toBeTruthy();
  expect(validate).toHaveBeenCalledWith({ id: 'evt-1', latitude: 52.52, longitude: 13.4 });
});

test("tolerates a device that cannot tell its position, and says 'Access Unavailable' when validation refuses", async () => {
  noGeolocation();
  const validate = jest.fn(async () => false);
  renderGuard({ locationCheck: async () => false, validate });
  expect(await screen.findByText('Access Unavailable')).toBeTruthy();
  expect(screen.getByText('Please verify the event details and try again later.')).toBeTruthy();
  expect(screen.queryByText('The event page')).toBeNull();
  expect(validate).toHaveBeenCalledWith({ id: 'evt-1' });
});

test('tells a visitor whose browser has no geolocation that it is not supported, when that keeps them out', async () => {
  noGeolocation();
  renderGuard({ locationCheck: async () => false, validate: async () => false });
  expect(await screen.findByText('Access Unavailable')).toBeTruthy();
  expect(screen.getByText('Geolocation is not supported by this browser.')).toBeTruthy();
});

test('says nothing about geolocation when the visitor merely refused to share it, and treats a failing check as a refusal', async () => {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) },
    configurable: true,
  });
  const validate = jest.fn(async () => false);
  renderGuard({ locationCheck: async () => Promise.reject(new Error('offline')), validate });
  expect(await screen.findByText('Access Unavailable')).toBeTruthy();
  expect(screen.queryByText('Geolocation is not supported by this browser.')).toBeNull();
});
