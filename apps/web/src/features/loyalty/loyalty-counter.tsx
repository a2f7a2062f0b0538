import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProgrammeView } from '@qr/contracts';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { loyaltyApi, loyaltyKeys } from './loyalty-api';
import { AddressQrImage } from '../../components/address-qr-image';

/**
 * A moment past midnight. A server whose clock runs behind may still answer yesterday's code: its
 * `valid_until` is then past too, so the screen asks again a second later until the new one comes.
 */
const PAST_MIDNIGHT_MS = 1_000;
/** A browser refuses timers longer than about 24.8 days; a day is far below, but a clock set wrong is not. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/** How long until the code shown stops earning: the query asks again then, so a tablet left on shows the new day's. */
export function untilRefresh(validUntil: string, now = Date.now()): number {
  return Math.min(LONGEST_WAIT_MS, Math.max(PAST_MIDNIGHT_MS, Date.parse(validUntil) - now + PAST_MIDNIGHT_MS));
}

/**
 * The counter's screen (issue 54): today's venue code, big enough to scan from a tablet on the
 * counter. It changes at midnight in the programme's time zone, so a photo of it earns nothing
 * from home; the screen fetches the new one by itself.
 */
export function VenueCounter({ programme }: { programme: ProgrammeView }) {
  // On the counter's tablet the code alone fills the screen, without the admin's menu around it.
  const stage = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const follow = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const venue = useQuery({
    queryKey: loyaltyKeys.venueCode(programme.programme_id),
    queryFn: () => loyaltyApi.venueCode(programme.programme_id),
    refetchInterval: (query) => (query.state.data ? untilRefresh(query.state.data.valid_until) : false),
    refetchIntervalInBackground: true,
  });
  if (venue.isError) return <Alert color="red">{describeError(venue.error)}</Alert>;
  if (!venue.data) return <Text c="dimmed">Loading today’s code…</Text>;
  const { url, valid_until } = venue.data;
  const until = new Date(valid_until).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: programme.terms.time_zone });
  return (
    <Stack ref={stage} align="center" justify="center" gap="sm" ta="center" p="md" bg="var(--mantine-color-body)">
      <Title order={3}>Scan to collect your {programme.terms.kind === 'stamps' ? 'stamp' : 'points'}</Title>
      <AddressQrImage url={url} alt={`Today’s code of ${programme.terms.name}`} size="min(80vh, 560px)" />
      <Text size="sm" c="dimmed">
        Valid until {until} ({programme.terms.time_zone}). A new code shows here by itself after midnight.
      </Text>
      <Anchor href={url} size="sm" style={BREAK_ANYWHERE} target="_blank" rel="noreferrer">
        {url}
      </Anchor>
      {document.fullscreenEnabled && !fullScreen && (
        <Button variant="default" onClick={() => void stage.current?.requestFullscreen().catch(() => undefined)}>
          Show full screen
        </Button>
      )}
    </Stack>
  );
}
