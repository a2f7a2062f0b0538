import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { ClaimPrizeBody, type PlayView, type PrizeClaimView, type PublicGameView, type VoucherView } from '@qr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiProblem, retryUnlessRefused } from '../../../api/api-problem';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { CopyTextButton } from '../../../components/copy-text-button';
import { LinkQrImage } from '../../../components/link-qr-image';
import { Notice } from '../../../components/visitor-notice';
import { whenInWords } from './when-in-words';
import { refusalInWords } from './game-plays';
import { claimPrize, keptCardId, publicGameKeys } from './public-games-api';

/** How often a voucher on show asks whether the counter has redeemed it: staff scan it while the phone is held up. */
const REDEEMED_CHECK_MS = 5_000;

const CODE_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.12em', ...BREAK_ANYWHERE } as const;

function VoucherShown({ voucher }: { voucher: VoucherView }) {
  const redeemUrl = new URL(voucher.redeem_url, window.location.origin).toString();
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={2}>Show this at the counter</Title>
      <Text fz={36} fw={800} style={CODE_STYLE} aria-label={`Voucher code ${voucher.voucher_code.split('').join(' ')}`}>
        {voucher.voucher_code}
      </Text>
      <Text style={BREAK_ANYWHERE}>{voucher.text}</Text>
      {voucher.redeemed_at ? (
        <Notice tone="done" title="Redeemed">
          <Text size="sm">The counter took this voucher on {whenInWords(voucher.redeemed_at)}.</Text>
        </Notice>
      ) : (
        <>
          <LinkQrImage url={redeemUrl} alt={`QR code of voucher ${voucher.voucher_code}, for staff to scan`} size={240} />
          <Text size="sm">Staff scan this code to hand over your prize.</Text>
        </>
      )}
    </Stack>
  );
}

/** What a claimed prize gives, by its kind. */
function ClaimShown({ claim }: { claim: PrizeClaimView }) {
  if (claim.voucher) return <VoucherShown voucher={claim.voucher} />;
  if (claim.promo_code !== null)
    return (
      <Stack gap="sm">
        <Title order={2}>Your promo code</Title>
        <Text fz={32} fw={800} style={CODE_STYLE}>
          {claim.promo_code}
        </Text>
        <CopyTextButton value={claim.promo_code} label="Copy the code" />
      </Stack>
    );
  return <AddedToCard programmeId={claim.loyalty?.programme_id ?? null} />;
}

function AddedToCard({ programmeId }: { programmeId: string | null }) {
  return (
    <Notice tone="done" title="Added to your card">
      <Text size="sm">
        The reward is on your loyalty card.{' '}
        {programmeId && (
          <Anchor component={Link} to={`/card/${programmeId}`}>
            Open your card
          </Anchor>
        )}
      </Text>
    </Notice>
  );
}

/** A loyalty reward's card: the one this phone keeps, or the id the player types from their card's page. */
function CardAsk({ kept, error, pending, onClaim }: { kept: string | null; error: string | null; pending: boolean; onClaim(cardId: string): void }) {
  const [cardId, setCardId] = useState(kept ?? '');
  return (
    <Stack gap="sm">
      <TextInput
        label="Your loyalty card number"
        description="It is shown on your loyalty card’s page."
        value={cardId}
        error={error}
        onChange={(event) => setCardId(event.currentTarget.value.trim())}
      />
      <Button size="lg" loading={pending} onClick={() => onClaim(cardId)} style={{ alignSelf: 'flex-start' }}>
        Add to my card
      </Button>
    </Stack>
  );
}

/**
 * A won prize: "Claim" once, then what it gives. Claiming again answers the same voucher or code, so
 * a reload asks that way for what to show; a voucher on show is asked about again until redeemed.
 */
export function PrizeClaim({ game, play }: { game: PublicGameView; play: PlayView & { prize: NonNullable<PlayView['prize']> } }) {
  const queryClient = useQueryClient();
  const loyalty = play.prize.kind === 'loyalty_reward';
  const programmeId = play.prize.programme_id;
  const [kept] = useState(() => (programmeId === null ? null : keptCardId(programmeId)));
  const [cardError, setCardError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const key = publicGameKeys.claim(game.game_id, play.play_id);
  const shown = useQuery({
    queryKey: key,
    queryFn: () => claimPrize(game.game_id, play.play_id, { player_token: game.player_token }),
    // A loyalty reward's repeat would need the card again; that it is on the card is all there is to say.
    enabled: play.claimed && !loyalty,
    retry: retryUnlessRefused,
    // The claim itself has just answered what to show: no second ask until it is time to check for a redeem.
    staleTime: REDEEMED_CHECK_MS,
    refetchInterval: (query) => (query.state.data?.voucher && query.state.data.voucher.redeemed_at === null ? REDEEMED_CHECK_MS : false),
  });
  const claim = useMutation({
    mutationFn: (body: ClaimPrizeBody) => claimPrize(game.game_id, play.play_id, body),
    onSuccess: (claimed) => {
      queryClient.setQueryData(key, claimed);
      queryClient.setQueryData(
        publicGameKeys.game(game.game_id),
        (before: PublicGameView | undefined) =>
          before && { ...before, my_plays: before.my_plays.map((mine) => (mine.play_id === play.play_id ? { ...mine, claimed: true } : mine)) },
      );
    },
    onError: (error) => {
      const onCard = error instanceof ApiProblem && error.errors.some((field) => field.field === 'body.card_id');
      // A card refused (not of this shop's programme) is asked for again, with the reason beside it.
      if (loyalty && error instanceof ApiProblem) setAsking(true);
      setCardError(onCard ? refusalInWords(error) : null);
    },
  });
  const send = (cardId?: string) => {
    const body = ClaimPrizeBody.safeParse(cardId === undefined ? { player_token: game.player_token } : { player_token: game.player_token, card_id: cardId });
    if (body.success) return claim.mutate(body.data);
    setCardError(body.error.issues[0]?.message ?? 'Check the card number.');
  };

  if (shown.data) return <ClaimShown claim={shown.data} />;
  if (play.claimed && loyalty) return <AddedToCard programmeId={programmeId} />;
  if (shown.isPending && play.claimed) return <Text>Loading your prize…</Text>;
  const start = () => {
    if (!loyalty) return send();
    if (kept !== null) return send(kept);
    setAsking(true);
  };
  return (
    <Stack gap="sm">
      {asking ? (
        <CardAsk kept={kept} error={cardError} pending={claim.isPending} onClaim={send} />
      ) : (
        <Button size="lg" loading={claim.isPending} onClick={start} style={{ alignSelf: 'flex-start' }}>
          Claim your prize
        </Button>
      )}
      {(claim.isError && !cardError) || shown.isError ? (
        <Notice tone="refused" title="Your prize could not be claimed">
          <Text size="sm">{refusalInWords(claim.error ?? shown.error)}</Text>
        </Notice>
      ) : null}
    </Stack>
  );
}
