import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicProgrammeView } from '@qr/contracts';
import { useState } from 'react';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { inUnits } from './programme-words';

type Reward = PublicProgrammeView['rewards'][number];

/** A card's holder redeeming: the balance decides which rewards are within reach. */
export interface Redeeming {
  balance: number;
  redeem: (reward: Reward) => void;
  /** The reward being redeemed now, whose button shows it is busy. */
  pending: string | null;
}

/**
 * The reward list with prices and what is left of each. With a card, each affordable reward has a
 * Redeem button that asks once more: a tap spends the balance, and the screen it leads to is for
 * the counter.
 */
export function RewardList({ programme, redeeming }: { programme: PublicProgrammeView; redeeming?: Redeeming }) {
  const [asked, setAsked] = useState<string | null>(null);
  if (programme.rewards.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="loyalty-rewards" gap="sm">
      <Title order={2} id="loyalty-rewards">
        Rewards
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {programme.rewards.map((reward) => {
          const outOfStock = reward.remaining === 0;
          const short = redeeming ? reward.price - redeeming.balance : 0;
          return (
            <Card key={reward.reward_id} component="li" withBorder radius="md" padding="sm" style={BREAK_ANYWHERE}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{reward.name}</Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {inUnits(programme.kind, reward.price)}
                  </Text>
                </Group>
                {outOfStock ? (
                  <Text size="sm">Out of stock</Text>
                ) : (
                  reward.remaining !== null && <Text size="sm">{reward.remaining.toLocaleString()} left</Text>
                )}
                {redeeming &&
                  !outOfStock &&
                  (asked === reward.reward_id ? (
                    <Stack gap={6}>
                      <Text size="sm">
                        Spend {inUnits(programme.kind, reward.price)} on {reward.name}? Do it at the counter: staff will want to see the screen.
                      </Text>
                      <Group gap="sm">
                        <Button onClick={() => redeeming.redeem(reward)} loading={redeeming.pending === reward.reward_id}>
                          Yes, redeem
                        </Button>
                        <Button variant="default" onClick={() => setAsked(null)}>
                          Cancel
                        </Button>
                      </Group>
                    </Stack>
                  ) : (
                    <Group gap="sm">
                      <Button variant="light" disabled={short > 0 || redeeming.pending !== null} onClick={() => setAsked(reward.reward_id)}>
                        Redeem {reward.name}
                      </Button>
                      {short > 0 && <Text size="sm">{inUnits(programme.kind, short)} to go</Text>}
                    </Group>
                  ))}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
