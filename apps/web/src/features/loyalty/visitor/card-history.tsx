import { Group, Stack, Text, Title } from '@mantine/core';
import type { LoyaltyCardView, LoyaltyKind } from '@qr/contracts';
import { historyInWords, inUnits, whenInWords } from './programme-words';

/** The card's movements, newest first. */
export function CardHistory({ kind, history }: { kind: LoyaltyKind; history: LoyaltyCardView['history'] }) {
  const newestFirst = history;
  return (
    <Stack component="section" aria-labelledby="loyalty-history" gap="sm">
      <Title order={2} id="loyalty-history">
        History
      </Title>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {newestFirst.map((entry, index) => (
          <Group component="li" key={`${entry.at}-${index}`} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text>{historyInWords(entry)}</Text>
              <Text size="sm">{whenInWords(entry.at)}</Text>
            </Stack>
            {entry.amount !== 0 && (
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {entry.amount > 0 ? '+' : '−'}
                {inUnits(kind, Math.abs(entry.amount))}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
