import { Button, Group, Text } from '@mantine/core';
import type { PushSubscriptionJson } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { fetchPushKey, postSubscription, postUnsubscription } from './public-push-api';

/** Served from the web app's public folder at the site's root, so its scope covers every landing page. */
const WORKER_URL = '/push-worker.js';
const WORKER_SCOPE = '/';
/** The code this browser's one subscription is on: the server keeps one row per browser (its endpoint). */
const SUBSCRIBED_CODE_KEY = 'qr-push-code';

type State = 'unavailable' | 'off' | 'working' | 'on' | 'denied' | { failed: string };

const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the bytes `applicationServerKey` takes everywhere (some browsers refuse the base64url text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function turnOn(codeId: string): Promise<State> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
  // A push subscription needs an active worker: `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await fetchPushKey()) }));
  await postSubscription({ code_id: codeId, subscription: subscription.toJSON() as PushSubscriptionJson });
  localStorage.setItem(SUBSCRIBED_CODE_KEY, codeId);
  return 'on';
}

async function turnOff(): Promise<State> {
  const subscription = await currentSubscription();
  if (subscription) {
    await postUnsubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  localStorage.removeItem(SUBSCRIBED_CODE_KEY);
  return 'off';
}

/**
 * A landing page's "Get notifications" (spec §1 web push): asks the browser's permission only when
 * the visitor presses it, subscribes with the server's VAPID key and hands the subscription to the
 * server on the page's code. Drawn on the server as nothing, it appears once the browser shows it can
 * take push messages, and stays away where they are blocked.
 */
export function PushOptIn({ codeId }: { codeId: string }) {
  const [state, setState] = useState<State>('unavailable');

  useEffect(() => {
    if (!pushSupported() || Notification.permission === 'denied') return;
    let cancelled = false;
    void currentSubscription()
      .then((subscription) => subscription !== null && localStorage.getItem(SUBSCRIBED_CODE_KEY) === codeId)
      .catch(() => false)
      .then((subscribed) => {
        if (!cancelled) setState(subscribed ? 'on' : 'off');
      });
    return () => {
      cancelled = true;
    };
  }, [codeId]);

  const run = (change: () => Promise<State>) => {
    setState('working');
    change().then(setState, (error: unknown) => setState({ failed: error instanceof Error ? error.message : 'Something went wrong. Please try again.' }));
  };

  if (state === 'unavailable') return null;
  if (state === 'denied') return <Text size="sm">Notifications are blocked for this site: allow them in your browser’s settings to get them.</Text>;
  if (state === 'on') {
    return (
      <Group gap="xs">
        <Text size="sm">You will get notifications from this page.</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => run(turnOff)}>
          Turn off
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Button variant="light" loading={state === 'working'} onClick={() => run(() => turnOn(codeId))}>
        Get notifications
      </Button>
      {typeof state === 'object' && (
        <Text size="sm" c="red" role="alert">
          {state.failed}
        </Text>
      )}
    </Group>
  );
}
