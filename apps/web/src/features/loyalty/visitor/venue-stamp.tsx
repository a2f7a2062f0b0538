import { Text } from '@mantine/core';
import type { CardMovement, LoyaltyCardView, PublicProgrammeView } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Notice } from '../../../components/visitor-notice';
import { inWords, refusalCode } from './loyalty-refusals';
import { collectStamp, loyaltyKeys, LoyaltyRefusal } from './public-loyalty-api';
import { inUnits, whenInWords } from './programme-words';

function Collected({ programme, movement }: { programme: PublicProgrammeView; movement: CardMovement }) {
  const stamps = programme.kind === 'stamps';
  return (
    <Notice
      tone="done"
      title={stamps ? (movement.amount === 1 ? 'Stamp added' : `${movement.amount} stamps added`) : `${inUnits('points', movement.amount)} added`}
    >
      <Text size="sm">
        {stamps ? `You have ${movement.balance} of ${programme.stamps_required} stamps.` : `You have ${inUnits('points', movement.balance)}.`}
      </Text>
    </Notice>
  );
}

function Refused({ error, card }: { error: unknown; card: LoyaltyCardView }) {
  const code = refusalCode(error);
  if (code === 'loyalty_too_soon') {
    // The refusal says when; the card (read before the scan) is the fallback.
    const nextAt = (error instanceof LoyaltyRefusal ? error.nextAt : null) ?? card.next_stamp_at;
    return (
      <Notice tone="refused" title="Too soon for another stamp">
        <Text size="sm">{nextAt ? `You can collect the next one from ${whenInWords(nextAt)}.` : 'Come back on your next visit.'}</Text>
      </Notice>
    );
  }
  return (
    <Notice tone="refused" title={code === 'loyalty_venue_code_invalid' ? 'Not today’s code' : 'No stamp added'}>
      <Text size="sm">{inWords(error)}</Text>
    </Notice>
  );
}

/**
 * The stamp a visitor collects by scanning the venue's code of the day (`?venue=CODE`): asked once
 * when the card is shown, then `onAsked` takes the code out of the address, so that a reload does
 * not ask again (the card's minimum interval would refuse it, but the visitor would read a refusal).
 */
export function VenueStamp({
  programme,
  card,
  venueCode,
  onAsked,
}: {
  programme: PublicProgrammeView;
  card: LoyaltyCardView;
  venueCode: string;
  onAsked: () => void;
}) {
  const queries = useQueryClient();
  const asked = useRef(false);
  const stamp = useMutation({
    mutationFn: () => collectStamp({ programme_id: programme.programme_id, card_id: card.card_id, venue_code: venueCode }),
    onSuccess: () => queries.invalidateQueries({ queryKey: loyaltyKeys.card(programme.programme_id, card.card_id) }),
    onSettled: onAsked,
  });
  const { mutate } = stamp;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);
  if (stamp.isPending || stamp.isIdle) return <Text role="status">Adding your stamp…</Text>;
  if (stamp.isError) return <Refused error={stamp.error} card={card} />;
  return <Collected programme={programme} movement={stamp.data} />;
}
