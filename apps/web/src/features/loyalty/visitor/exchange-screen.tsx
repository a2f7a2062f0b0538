import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Notice } from '../../../components/visitor-notice';
import { useEffect, useState } from 'react';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PageLoader } from '../../../components/page-loader';
import { inWords } from './loyalty-refusals';
import { useExchange } from './public-loyalty-api';
import { whenInWords } from './programme-words';

/** The time now, ticking: staff can tell a live screen from a screenshot of someone else's. */
function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Text size="sm">Now: {now.toLocaleTimeString()}</Text>;
}

/**
 * A redemption's success screen (spec §7 "get success page", `?exchange=<exchange_id>`): the reward,
 * when it was redeemed and the exchange's id, for the counter.
 */
export function ExchangeScreen({ exchangeId, onBack }: { exchangeId: string; onBack: () => void }) {
  const exchange = useExchange(exchangeId);
  if (exchange.isPending) return <PageLoader />;
  return (
    <Stack gap="lg">
      {exchange.isError ? (
        <>
          <Title order={1}>This exchange could not be shown</Title>
          <Notice tone="refused" title="Not found">
            <Text size="sm">{inWords(exchange.error)}</Text>
          </Notice>
        </>
      ) : (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="loyalty-exchange" style={BREAK_ANYWHERE}>
          <Stack gap="xs">
            <Title order={1} id="loyalty-exchange">
              Redeemed
            </Title>
            <Text size="xl" fw={700}>
              {exchange.data.reward_name}
            </Text>
            <Text>Show this at the counter.</Text>
            <Text size="sm">
              {exchange.data.programme_name}, redeemed {whenInWords(exchange.data.redeemed_at)}
            </Text>
            <Text size="sm">Exchange {exchange.data.exchange_id}</Text>
            <LiveClock />
          </Stack>
        </Card>
      )}
      <Button variant="default" onClick={onBack}>
        Back to my card
      </Button>
    </Stack>
  );
}
