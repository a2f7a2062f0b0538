import { Box, Card, Stack, Text, Title } from '@mantine/core';
import type { LoyaltyCardView, PublicProgrammeView } from '@qr/contracts';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { CardQr } from './card-qr';
import { inUnits } from './programme-words';

/**
 * A stamp card's squares, filled up to the balance: one picture, read out as the count it shows.
 * Rows of five, or of ten past ten stamps, so a card of 50 still fits a phone's screen.
 */
function StampGrid({ filled, required }: { filled: number; required: number }) {
  const columns = required > 10 ? 10 : Math.min(required, 5);
  return (
    <Box
      role="img"
      aria-label={`${Math.min(filled, required)} of ${required} stamps`}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 8, width: '100%', maxWidth: 320 }}
    >
      {Array.from({ length: required }, (_, index) => (
        <Box
          key={index}
          data-filled={index < filled || undefined}
          style={{
            aspectRatio: '1',
            borderRadius: 'var(--mantine-radius-sm)',
            border: '2px solid var(--mantine-color-anchor)',
            background: index < filled ? 'var(--mantine-color-anchor)' : 'transparent',
          }}
        />
      ))}
    </Box>
  );
}

/** The card itself: the stamps or the points, the level and the next, and the code staff scan at the counter. */
export function CardFace({ programme, card }: { programme: PublicProgrammeView; card: LoyaltyCardView }) {
  const stamps = programme.kind === 'stamps';
  return (
    <Card component="section" aria-labelledby="loyalty-card" withBorder radius="lg" padding="lg" style={BREAK_ANYWHERE}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} id="loyalty-card">
          {card.name ? `${card.name}’s card` : 'Your card'}
        </Title>
        {stamps && <StampGrid filled={card.balance} required={programme.stamps_required} />}
        <Text size="xl" fw={700}>
          {stamps ? `${card.balance.toLocaleString()} of ${programme.stamps_required} stamps` : inUnits('points', card.balance)}
        </Text>
        {card.tier && <Text>Level: {card.tier}</Text>}
        {card.next_tier && (
          <Text>
            Next level: {card.next_tier.name}, {inUnits(programme.kind, Math.max(0, card.next_tier.threshold - card.lifetime))} to go
          </Text>
        )}
        <Stack gap={4} align="center" style={{ alignSelf: 'center' }}>
          <CardQr programmeId={programme.programme_id} cardId={card.card_id} />
          <Text size="sm" ta="center">
            Show this code at the counter: staff scan it to add a stamp or a purchase.
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
