import { Stack, Text } from '@mantine/core';
import type { PublicProgrammeView } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { Notice } from '../../../components/visitor-notice';
import { WalletButtons } from '../../passes';
import { CampaignClaims } from './campaign-claims';
import { CardFace } from './card-face';
import { CardHistory } from './card-history';
import { InviteFriend } from './invite-friend';
import { inWords, refusalCode } from './loyalty-refusals';
import { loyaltyKeys, redeemReward, useCard } from './public-loyalty-api';
import { referralInWords } from './programme-words';
import { RewardList } from './reward-list';
import { SentFormCredits } from './sent-form-credits';
import { VenueStamp } from './venue-stamp';

/**
 * What the holder of a card sees: the card with its code, a stamp just collected, the rewards to
 * redeem, their invitation link and the card's history. A card id the API no longer knows is
 * forgotten, and the visitor is offered to join again.
 */
export function CardHolderView({
  programme,
  cardId,
  venueCode,
  onVenueCodeUsed,
  onRedeemed,
  onUnknownCard,
}: {
  programme: PublicProgrammeView;
  cardId: string;
  venueCode: string | null;
  onVenueCodeUsed: () => void;
  onRedeemed: (exchangeId: string) => void;
  onUnknownCard: () => void;
}) {
  const body = { programme_id: programme.programme_id, card_id: cardId };
  const card = useCard(body);
  const queries = useQueryClient();
  const redeem = useMutation({
    mutationFn: (rewardId: string) => redeemReward({ ...body, reward_id: rewardId }),
    onSuccess: ({ exchange_id }) => {
      if (exchange_id) onRedeemed(exchange_id);
    },
    // Balance and stock changed, or were not what this screen showed: both are read again, behind the answer.
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: loyaltyKeys.card(programme.programme_id, cardId) }),
        queries.invalidateQueries({ queryKey: loyaltyKeys.programme(programme.programme_id) }),
      ]),
  });
  const unknown = refusalCode(card.error) === 'loyalty_member_not_found';
  useEffect(() => {
    if (unknown) onUnknownCard();
  }, [unknown, onUnknownCard]);

  if (card.isPending || unknown) return <PageLoader />;
  if (card.isError)
    return (
      <Notice tone="refused" title="Your card could not be loaded">
        <Text size="sm">{inWords(card.error)}</Text>
      </Notice>
    );
  const referralTerms = programme.referral ? referralInWords(programme.kind, programme.referral) : [];
  return (
    <Stack gap="lg">
      {venueCode && <VenueStamp programme={programme} card={card.data} venueCode={venueCode} onAsked={onVenueCodeUsed} />}
      <SentFormCredits programme={programme} card={card.data} />
      <CardFace programme={programme} card={card.data} />
      <WalletButtons kind="loyalty_card" sourceId={programme.programme_id} holder={{ kind: 'loyalty_card', card_id: cardId }} />
      <Text size="sm">Your card is kept on this phone, in this browser: come back to this page to use it.</Text>
      <Stack gap="xs">
        <RewardList
          programme={programme}
          redeeming={{
            balance: card.data.balance,
            redeem: (reward) => redeem.mutate(reward.reward_id),
            pending: redeem.isPending ? (redeem.variables ?? null) : null,
          }}
        />
        {redeem.isError && (
          <Notice tone="refused" title="Not redeemed">
            <Text size="sm">{inWords(redeem.error)}</Text>
          </Notice>
        )}
      </Stack>
      <CampaignClaims programme={programme} card={card.data} />
      {programme.referral && <InviteFriend card={body} terms={referralTerms} />}
      <CardHistory kind={programme.kind} history={card.data.history} />
    </Stack>
  );
}
