import { Button, Stack, Text, Title } from '@mantine/core';
import type { PromoOffer } from '@qr/contracts';
import { useEffect, useRef, useState } from 'react';

/**
 * A discount or reward in words beside the offer's own text ("20 % off", "€5.00 off"); a plain text
 * offer says it all itself.
 */
export function offerInWords(offer: PromoOffer): string | null {
  switch (offer.kind) {
    case 'percent_off':
      return `${offer.percent} % off`;
    case 'amount_off':
      return `${new Intl.NumberFormat(undefined, { style: 'currency', currency: offer.currency }).format(offer.amount)} off`;
    case 'reward':
      return 'A reward to collect at the counter';
    case 'text':
      return null;
  }
}

/** A deep green that carries white text at 7.9:1 in either colour scheme: "valid" must read the same whatever the brand. */
const REDEEMED_BACKGROUND = '#1b5e20';

function CheckMark() {
  return (
    <svg width={72} height={72} viewBox="0 0 24 24" aria-hidden focusable={false} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round">
      <circle cx={12} cy={12} r={10} />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  );
}

/** The time now, to the second: a screenshot of this screen stops ticking, which staff at the counter can see. */
function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Text size="sm">Shown at {now.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}</Text>;
}

/** What the visitor shows at the counter once a code is redeemed: big, green and plain, readable at arm's length. */
export function RedeemedCard({ campaignName, offer, promoCode, onAnother }: { campaignName: string; offer: PromoOffer; promoCode: string; onAnother(): void }) {
  const words = offerInWords(offer);
  // The button that was pressed is gone: focus moves to the answer, so a screen reader starts there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Stack
        role="status"
        gap="xs"
        align="center"
        p="lg"
        style={{
          background: REDEEMED_BACKGROUND,
          color: '#ffffff',
          borderRadius: 'var(--mantine-radius-md)',
          textAlign: 'center',
          // A 40-character code in monospace is wider than a 375 px phone's card.
          overflowWrap: 'anywhere',
        }}
      >
        <CheckMark />
        <Title order={2} fz={40} c="inherit" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Redeemed
        </Title>
        <Text fw={700} fz="xl">
          {offer.text}
        </Text>
        {words && <Text fz="lg">{words}</Text>}
        <Text>{campaignName}</Text>
        <Text size="sm">
          Code <span style={{ fontFamily: 'monospace', fontWeight: 700 }}>{promoCode}</span>
        </Text>
        <LiveClock />
      </Stack>
      <Button variant="default" onClick={onAnother}>
        Check another code
      </Button>
    </Stack>
  );
}
