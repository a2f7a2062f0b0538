import { Stack, Text, Title } from '@mantine/core';
import { decodeReferralEmail, REFERRAL_LINK_PARAM, VENUE_CODE_PARAM, type PublicProgrammeView } from '@qr/contracts';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PageLoader } from '../../../components/page-loader';
import { Notice } from '../../../components/visitor-notice';
import { PublicCode, VisitorFrame } from '../../visitor';
import { CardHolderView } from './card-holder-view';
import { ExchangeScreen } from './exchange-screen';
import { JoinForm } from './join-form';
import { inWords, refusalCode } from './loyalty-refusals';
import { ProgrammeDetails } from './programme-details';
import { keepCardId, storedCardId, usePublicProgramme } from './public-loyalty-api';
import { RewardList } from './reward-list';

const EXCHANGE_PARAM = 'exchange';

/** The address's parameters with one set, or taken out (null). */
const withParam = (name: string, value: string | null) => (before: URLSearchParams) => {
  const next = new URLSearchParams(before);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
};

/**
 * The programme's page for one phone: the card it holds, or the way to join. `venue` (today's code
 * at the counter: a stamp, collected once, after joining if need be) and `ref` (a friend's
 * invitation) are read from the address once; `exchange` shows a redemption's screen while there.
 */
function CardPage({ programme }: { programme: PublicProgrammeView }) {
  const { programme_id } = programme;
  const [params, setParams] = useSearchParams();
  const [venueCode, setVenueCode] = useState(() => params.get(VENUE_CODE_PARAM));
  const [referrer] = useState(() => {
    const ref = params.get(REFERRAL_LINK_PARAM);
    return ref ? decodeReferralEmail(ref) : null;
  });
  const [cardId, setCardId] = useState(() => storedCardId(programme_id));
  const exchangeId = params.get(EXCHANGE_PARAM);

  // Out of the address once asked, so a reload neither asks again nor shows the answer as if new.
  const venueCodeUsed = useCallback(() => {
    setParams(withParam(VENUE_CODE_PARAM, null), { replace: true });
  }, [setParams]);
  const forgetCard = useCallback(() => {
    keepCardId(programme_id, null);
    setCardId(null);
  }, [programme_id]);

  if (exchangeId) return <ExchangeScreen exchangeId={exchangeId} onBack={() => setParams(withParam(EXCHANGE_PARAM, null))} />;
  return (
    <Stack gap="lg">
      <Stack gap="xs" style={BREAK_ANYWHERE}>
        <Title order={1}>{programme.name}</Title>
        {programme.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{programme.description}</Text>}
      </Stack>
      {cardId ? (
        <CardHolderView
          programme={programme}
          cardId={cardId}
          venueCode={venueCode}
          onVenueCodeUsed={venueCodeUsed}
          onRedeemed={(exchange) => {
            // The card is drawn anew after the exchange's screen: with the stamp's answer gone, not asked for again.
            setVenueCode(null);
            setParams(withParam(EXCHANGE_PARAM, exchange));
          }}
          onUnknownCard={forgetCard}
        />
      ) : (
        <>
          <JoinForm programme={programme} referrer={referrer} collectsStamp={venueCode !== null} onJoined={setCardId} />
          <RewardList programme={programme} />
        </>
      )}
      <ProgrammeDetails programme={programme} withReferral={!cardId} />
    </Stack>
  );
}

/** `/card/{id}` for a loyalty programme (id = programme_id), in the frame and brand of the organisation that owns its code. */
export function LoyaltyCardScreen() {
  const { id = '' } = useParams();
  const programme = usePublicProgramme(id);
  if (programme.isSuccess) return <PublicCode codeId={programme.data.code_id}>{() => <CardPage programme={programme.data} />}</PublicCode>;
  const gone = ['loyalty_programme_not_found', 'validation_failed', 'not_found'].includes(refusalCode(programme.error) ?? '');
  return (
    <VisitorFrame>
      {programme.isPending ? (
        <PageLoader />
      ) : gone ? (
        <Stack>
          <Title order={1}>This card is not available</Title>
          <Text>The loyalty programme may have ended, or the address is not complete. Check it and try again.</Text>
        </Stack>
      ) : (
        <Stack>
          <Title order={1}>This card could not be opened</Title>
          <Notice tone="refused" title="Not loaded">
            <Text size="sm">{inWords(programme.error)}</Text>
          </Notice>
        </Stack>
      )}
    </VisitorFrame>
  );
}
