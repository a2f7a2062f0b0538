import { Alert, Button, Card, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardMovement, LoyaltyMemberView, PostCardBody, ProgrammeView } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { ApiProblem, describeError } from '../../api/api-problem';
import { CardRefusal, loyaltyApi, loyaltyKeys } from './loyalty-api';
import { unitOf } from './loyalty-programme-draft';

const at = (instant: string, timeZone: string) => new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
const amountOf = (n: number, kind: ProgrammeView['terms']['kind']) => `${n.toLocaleString('en')} ${unitOf(kind, Math.abs(n))}`;

/** Why the counter's action was refused, in words staff can act on at once. */
export function refusalText(error: unknown, programme: ProgrammeView): string {
  if (!(error instanceof ApiProblem)) return describeError(error);
  switch (error.code) {
    case 'loyalty_too_soon':
      return error instanceof CardRefusal && error.nextAt
        ? `Too soon for another stamp: the next one is possible from ${at(error.nextAt, programme.terms.time_zone)}.`
        : `Too soon for another stamp: one every ${programme.terms.min_interval_minutes} minutes.`;
    case 'loyalty_out_of_stock':
      return 'This reward is out of stock: nothing was taken from the card.';
    case 'loyalty_insufficient_balance':
      return `Not enough on the card: nothing was taken from it. ${error.detail ?? ''}`.trim();
    case 'loyalty_reward_not_found':
      return 'This reward is no longer in the programme: reload the page to see the rewards it has now.';
    default:
      return describeError(error);
  }
}

/**
 * One counter action: its request id is drawn once per intent, so a double tap or a retry after a
 * lost answer credits once (PostCardBody's `request_id`); a changed input, or a success, starts a new intent.
 */
function useCardAction<Input>(programme: ProgrammeView, send: (input: Input, requestId: string) => Promise<CardMovement>) {
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const mutation = useMutation({
    mutationFn: (input: Input) => send(input, requestId),
    onSuccess: async () => {
      setRequestId(crypto.randomUUID());
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.programme(programme.programme_id) });
    },
  });
  const renew = () => (setRequestId(crypto.randomUUID()), mutation.reset());
  return { mutation, renew };
}

function Outcome({ programme, failure, movement, done }: { programme: ProgrammeView; failure: unknown; movement?: CardMovement; done: string }) {
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {refusalText(failure, programme)}
      </Alert>
    );
  }
  if (!movement) return null;
  const next = movement.next_stamp_at ? ` Next stamp from ${at(movement.next_stamp_at, programme.terms.time_zone)}.` : '';
  return (
    <Alert color="green" role="status">
      {done} The card holds {amountOf(movement.balance, programme.terms.kind)}.{next}
    </Alert>
  );
}

function ActionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

type Props = { programme: ProgrammeView; member: LoyaltyMemberView };

function GiveStamp({ programme, member }: Props) {
  const post = (body: PostCardBody) => loyaltyApi.post(programme.programme_id, member.card_id, body);
  const { mutation } = useCardAction<void>(programme, (_, request_id) => post({ kind: 'stamp', request_id }));
  const { per_scan } = programme.terms.earning;
  return (
    <ActionCard title={programme.terms.kind === 'stamps' ? 'Give a stamp' : 'Give the points of a visit'}>
      <Text size="sm" c="dimmed">
        Adds {amountOf(per_scan, programme.terms.kind)}, as a scan of the venue code does.
      </Text>
      <Button loading={mutation.isPending} onClick={() => mutation.mutate()} style={{ alignSelf: 'flex-start' }}>
        {programme.terms.kind === 'stamps' ? 'Give a stamp' : `Give ${amountOf(per_scan, 'points')}`}
      </Button>
      <Outcome programme={programme} failure={mutation.error} movement={mutation.data} done="Given." />
    </ActionCard>
  );
}

function RecordPurchase({ programme, member }: Props) {
  const [amount, setAmount] = useState<number | string>('');
  const { mutation, renew } = useCardAction<number>(programme, (purchase_amount, request_id) =>
    loyaltyApi.post(programme.programme_id, member.card_id, { kind: 'purchase', request_id, purchase_amount }),
  );
  const { per_currency_unit, currency } = programme.terms.earning;
  // Mantine gives a string while the number is half typed or ends in zeros ("12.50").
  const spent = amount === '' ? NaN : Number(amount);
  const valid = spent > 0;
  return (
    <ActionCard title="Record a purchase">
      <Text size="sm" c="dimmed">
        {per_currency_unit === 0
          ? 'Purchases earn nothing in this programme; recording one keeps it in the history.'
          : `Earns ${per_currency_unit.toLocaleString('en')} ${unitOf(programme.terms.kind, per_currency_unit)} per ${currency} spent, rounded down.`}
      </Text>
      <NumberInput label={`Amount in ${currency}`} min={0} decimalScale={2} value={amount} onChange={(value) => (setAmount(value), renew())} />
      <Button loading={mutation.isPending} disabled={!valid} onClick={() => valid && mutation.mutate(spent)} style={{ alignSelf: 'flex-start' }}>
        Record the purchase
      </Button>
      <Outcome programme={programme} failure={mutation.error} movement={mutation.data} done="Recorded." />
    </ActionCard>
  );
}

function CorrectBalance({ programme, member }: Props) {
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const { mutation, renew } = useCardAction<{ amount: number; note: string }>(programme, (correction, request_id) =>
    loyaltyApi.post(programme.programme_id, member.card_id, { kind: 'correction', request_id, ...correction }),
  );
  const change = amount === '' ? NaN : Number(amount);
  const valid = Number.isInteger(change) && change !== 0 && reason.trim() !== '';
  return (
    <ActionCard title="Correct the balance">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={`Change in ${unitOf(programme.terms.kind)}`}
          description="Negative to take away."
          allowDecimal={false}
          value={amount}
          onChange={(value) => (setAmount(value), renew())}
        />
        <TextInput
          label="Reason"
          description="Kept in the card’s history."
          maxLength={200}
          value={reason}
          onChange={(event) => (setReason(event.currentTarget.value), renew())}
        />
      </SimpleGrid>
      <Button
        variant="default"
        loading={mutation.isPending}
        disabled={!valid}
        onClick={() => valid && mutation.mutate({ amount: change, note: reason.trim() })}
        style={{ alignSelf: 'flex-start' }}
      >
        Correct the balance
      </Button>
      <Outcome programme={programme} failure={mutation.error} movement={mutation.data} done="Corrected." />
    </ActionCard>
  );
}

function RedeemReward({ programme, member }: Props) {
  const [rewardId, setRewardId] = useState('');
  const { mutation, renew } = useCardAction<string>(programme, (reward_id, request_id) =>
    loyaltyApi.redeem(programme.programme_id, member.card_id, { reward_id, request_id }),
  );
  const why = (reward: ProgrammeView['rewards'][number]): string | null =>
    reward.remaining === 0 ? 'out of stock' : reward.price > member.balance ? `${amountOf(reward.price - member.balance, programme.terms.kind)} short` : null;
  const picked = programme.rewards.find((reward) => reward.reward_id === rewardId);
  if (programme.rewards.length === 0) {
    return (
      <ActionCard title="Redeem a reward">
        <Text size="sm" c="dimmed">
          The programme has no rewards yet.
        </Text>
      </ActionCard>
    );
  }
  return (
    <ActionCard title="Redeem a reward">
      <Radio.Group label="Reward" value={rewardId} onChange={(value) => (setRewardId(value), renew())}>
        <Stack gap={6} mt={6}>
          {programme.rewards.map((reward) => {
            const reason = why(reward);
            return (
              <Radio
                key={reward.reward_id}
                value={reward.reward_id}
                disabled={reason !== null}
                label={`${reward.name}, ${amountOf(reward.price, programme.terms.kind)}`}
                description={reason ? `Not possible: ${reason}` : reward.remaining === null ? undefined : `${reward.remaining.toLocaleString('en')} left`}
              />
            );
          })}
        </Stack>
      </Radio.Group>
      <Button
        loading={mutation.isPending}
        disabled={!picked || why(picked) !== null}
        onClick={() => picked && mutation.mutate(picked.reward_id)}
        style={{ alignSelf: 'flex-start' }}
      >
        {picked ? `Redeem ${picked.name}` : 'Redeem'}
      </Button>
      <Outcome programme={programme} failure={mutation.error} movement={mutation.data} done="Redeemed: hand the reward over." />
    </ActionCard>
  );
}

/** What staff do at the counter with a member's card. */
export function MemberActions(props: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <GiveStamp {...props} />
      <RedeemReward {...props} />
      <RecordPurchase {...props} />
      <CorrectBalance {...props} />
    </SimpleGrid>
  );
}
