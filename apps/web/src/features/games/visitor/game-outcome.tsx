import { Box, Stack, Text } from '@mantine/core';
import type { PlayView, PublicGameView } from '@qr/contracts';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PrizeClaim } from './prize-claim';

/** A finished play's outcome in one sentence, as the page shows it and a screen reader announces it. */
export const outcomeInWords = (play: PlayView): string => (play.prize ? `You won: ${play.prize.label}!` : 'No win this time.');

/**
 * A finished play's outcome and the way to claim what it won; null while the animation has not shown
 * it yet. The sentence's live region is always in the page, as one added together with its words is
 * often not read out.
 */
export function PlayOutcome({ game, play }: { game: PublicGameView; play: PlayView | null }) {
  return (
    <Stack gap="md">
      <Box role="status" aria-live="polite" aria-atomic>
        {play && (
          <Text fz="xl" fw={800} style={BREAK_ANYWHERE}>
            {outcomeInWords(play)}
          </Text>
        )}
      </Box>
      {play?.prize && <PrizeClaim key={play.play_id} game={game} play={{ ...play, prize: play.prize }} />}
    </Stack>
  );
}
