import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

export interface EventAccessChecks {
  /** Spec §4 step 1, "the event-location check": true lets the visitor in without asking where they are. */
  locationCheck(): Promise<boolean>;
  /** Spec §4 step 3, "event-data validation" with the event id and the device's position when it was given. */
  validate(position: { id: string; latitude?: number; longitude?: number }): Promise<boolean>;
}

type Access = 'unknown' | 'allowed' | 'denied';

/** The device's position, or nothing: no support, a refusal or a timeout are all tolerated (spec §4 step 2). */
function devicePosition(): Promise<{ latitude: number; longitude: number } | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(undefined),
      { timeout: 10_000, maximumAge: 60_000 },
    ),
  );
}

async function decide(id: string, checks: EventAccessChecks): Promise<Access> {
  if (await checks.locationCheck()) return 'allowed';
  const position = await devicePosition();
  return (await checks.validate({ id, ...position })) ? 'allowed' : 'denied';
}

/**
 * Spec §2/§4 "Event-access guard": nothing while checking, the content when access is allowed,
 * 'Access Unavailable' otherwise. The location is asked for only when the event's check says the
 * place matters, so a page that does not need it never prompts.
 */
export function EventAccessGuard({ id, checks, children }: { id: string; checks: EventAccessChecks; children: ReactNode }) {
  const [access, setAccess] = useState<Access>('unknown');
  useEffect(() => {
    let current = true;
    setAccess('unknown');
    decide(id, checks).then(
      (decided) => current && setAccess(decided),
      () => current && setAccess('denied'),
    );
    return () => {
      current = false;
    };
  }, [id, checks]);

  if (access === 'unknown') return null;
  if (access === 'allowed') return <>{children}</>;
  return (
    <Stack gap="sm" py="xl" maw={520} mx="auto">
      <Title order={1}>Access Unavailable</Title>
      <Text c="dimmed">Please verify the event details and try again later.</Text>
    </Stack>
  );
}
