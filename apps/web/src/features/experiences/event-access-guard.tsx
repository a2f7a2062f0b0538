import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { devicePosition, GEOLOCATION_UNSUPPORTED } from './device-position';

export interface EventAccessChecks {
  /** Spec §4 step 1, "the event-location check": true lets the visitor in without asking where they are. */
  locationCheck(): Promise<boolean>;
  /** Spec §4 step 3, "event-data validation" with the event id and the device's position when it was given. */
  validate(position: { id: string; latitude?: number; longitude?: number }): Promise<boolean>;
}

type Access = { state: 'unknown' } | { state: 'allowed' } | { state: 'denied'; note?: string };

async function decide(id: string, checks: EventAccessChecks): Promise<Access> {
  if (await checks.locationCheck()) return { state: 'allowed' };
  const answer = await devicePosition();
  // A refusal or a timeout is tolerated silently (spec §4 step 2); the event check takes no accuracy.
  const position = 'position' in answer ? { latitude: answer.position.latitude, longitude: answer.position.longitude } : {};
  const note = 'missing' in answer && answer.missing === 'unsupported' ? GEOLOCATION_UNSUPPORTED : undefined;
  return (await checks.validate({ id, ...position })) ? { state: 'allowed' } : { state: 'denied', note };
}

/**
 * Spec §2/§4 "Event-access guard": nothing while checking, the content when access is allowed,
 * 'Access Unavailable' otherwise. The location is asked for only when the event's check says the
 * place matters, so a page that does not need it never prompts. A browser without geolocation can
 * not be let in by place, so the denial says why (spec §5).
 */
export function EventAccessGuard({
  id,
  checks,
  initiallyAllowed = false,
  children,
}: {
  id: string;
  checks: EventAccessChecks;
  /** The server already asked the event-location check (step 1) for this page and it let everyone in. */
  initiallyAllowed?: boolean;
  children: ReactNode;
}) {
  const [access, setAccess] = useState<Access>(initiallyAllowed ? { state: 'allowed' } : { state: 'unknown' });
  useEffect(() => {
    if (initiallyAllowed) return;
    let current = true;
    setAccess({ state: 'unknown' });
    decide(id, checks).then(
      (decided) => current && setAccess(decided),
      () => current && setAccess({ state: 'denied' }),
    );
    return () => {
      current = false;
    };
  }, [id, checks, initiallyAllowed]);

  if (access.state === 'unknown') return null;
  if (access.state === 'allowed') return <>{children}</>;
  return (
    <Stack gap="sm" py="xl">
      <Title order={1}>Access Unavailable</Title>
      <Text c="dimmed">Please verify the event details and try again later.</Text>
      {access.note && <Text role="status">{access.note}</Text>}
    </Stack>
  );
}
