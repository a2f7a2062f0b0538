import { Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_GAME_PRIZES, MAX_PRIZE_LABEL, MAX_PRIZE_STOCK, MAX_VOUCHER_TEXT } from '@qr/contracts';
import { loyaltyApi, loyaltyKeys } from '../loyalty';
import { promoKeys, promosApi, type FormErrors } from '../promos';
import { CLAIM_KINDS, CLAIM_LABELS, newPrize, oneOf, optionsOf, type GameDraft, type PrizeDraft } from './game-form-draft';

export interface GameFieldsProps {
  draft: GameDraft;
  set(change: Partial<GameDraft>): void;
  errors: FormErrors;
}

/** The promo campaigns and loyalty programmes a prize can give: the game's code's own, as the server checks. */
function usePrizeSources(orgId: string, codeId: string) {
  const enabled = orgId !== '' && codeId !== '';
  const campaigns = useQuery({ queryKey: promoKeys.campaignsOf(codeId), queryFn: () => promosApi.list(orgId, codeId), enabled });
  const programmes = useQuery({ queryKey: loyaltyKeys.programmesOf(codeId), queryFn: () => loyaltyApi.list(orgId, codeId), enabled });
  return { campaigns: campaigns.data ?? [], programmes: programmes.data ?? [] };
}

const pick = (what: string) => ({ value: '', label: `Pick ${what}` });
/** An unpicked select is said as the choice it asks for, not as the id format the contract names. */
const pickError = (error: string | undefined, value: string, what: string) => error && (value === '' ? `Pick ${what}.` : error);

function PrizeFields({
  prize,
  number,
  odds,
  errors,
  sources,
  onChange,
  onRemove,
}: {
  prize: PrizeDraft;
  number: number;
  odds: boolean;
  errors: FormErrors;
  sources: ReturnType<typeof usePrizeSources>;
  onChange(change: Partial<PrizeDraft>): void;
  onRemove(): void;
}) {
  const at = `prizes.${number - 1}`;
  const programme = sources.programmes.find((known) => known.programme_id === prize.programme_id);
  return (
    <Fieldset legend={`Prize ${number}`}>
      <Stack gap="xs">
        <TextInput
          label="Name"
          placeholder="A free coffee"
          maxLength={MAX_PRIZE_LABEL}
          value={prize.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
          error={errors[`${at}.label`]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Stock"
            description="How many can be won"
            min={0}
            max={MAX_PRIZE_STOCK}
            allowDecimal={false}
            value={prize.stock}
            onChange={(stock) => onChange({ stock })}
            error={errors[`${at}.stock`]}
          />
          {odds && (
            <NumberInput
              label="Chance %"
              description="Of each play winning it"
              min={0}
              max={100}
              value={prize.chance}
              onChange={(chance) => onChange({ chance })}
              error={errors[`${at}.chance`]}
            />
          )}
        </SimpleGrid>
        <NativeSelect
          label="What the winner gets"
          data={optionsOf(CLAIM_LABELS)}
          value={prize.claim}
          onChange={(event) => {
            const claim = oneOf(CLAIM_KINDS, event.currentTarget.value);
            if (claim) onChange({ claim });
          }}
        />
        {prize.claim === 'voucher' && (
          <TextInput
            label="Voucher text"
            description="What the counter hands over, shown on the winner’s voucher"
            maxLength={MAX_VOUCHER_TEXT}
            value={prize.voucher_text}
            onChange={(event) => onChange({ voucher_text: event.currentTarget.value })}
            error={errors[`${at}.claim.text`]}
          />
        )}
        {prize.claim === 'promo_code' && (
          <NativeSelect
            label="Promo campaign"
            description="One of the code’s campaigns: its shared code, or the next of its unique codes"
            data={[pick('a campaign'), ...sources.campaigns.map((campaign) => ({ value: campaign.campaign_id, label: campaign.terms.name }))]}
            value={prize.campaign_id}
            onChange={(event) => onChange({ campaign_id: event.currentTarget.value })}
            error={pickError(errors[`${at}.claim.campaign_id`], prize.campaign_id, 'the campaign the winner’s code comes from')}
          />
        )}
        {prize.claim === 'loyalty_reward' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Loyalty programme"
              data={[pick('a programme'), ...sources.programmes.map((known) => ({ value: known.programme_id, label: known.terms.name }))]}
              value={prize.programme_id}
              onChange={(event) => onChange({ programme_id: event.currentTarget.value, reward_id: '' })}
              error={pickError(errors[`${at}.claim.programme_id`], prize.programme_id, 'the programme')}
            />
            <NativeSelect
              label="Reward"
              description="Given to the winner’s card with no points spent"
              data={[pick('a reward'), ...(programme?.rewards ?? []).map((reward) => ({ value: reward.reward_id, label: reward.name }))]}
              value={prize.reward_id}
              onChange={(event) => onChange({ reward_id: event.currentTarget.value })}
              error={pickError(errors[`${at}.claim.reward_id`], prize.reward_id, 'the reward')}
            />
          </SimpleGrid>
        )}
        {/* Named in full for a screen reader's list of buttons. */}
        <Button variant="subtle" color="red" aria-label={`Remove prize ${number}`} onClick={onRemove} style={{ alignSelf: 'flex-start' }}>
          Remove
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** The prizes, added and removed in place; each keeps its id, so plays that won it follow a renamed prize. */
export function PrizesFields({ draft, set, errors, orgId, codeId }: GameFieldsProps & { orgId: string; codeId: string }) {
  const sources = usePrizeSources(orgId, codeId);
  const change = (index: number, change: Partial<PrizeDraft>) =>
    set({ prizes: draft.prizes.map((prize, at) => (at === index ? { ...prize, ...change } : prize)) });
  return (
    <Stack gap="xs">
      <Text fw={600}>Prizes</Text>
      {draft.prizes.map((prize, index) => (
        <PrizeFields
          key={prize.id}
          prize={prize}
          number={index + 1}
          odds={draft.draw === 'odds'}
          errors={errors}
          sources={sources}
          onChange={(next) => change(index, next)}
          onRemove={() => set({ prizes: draft.prizes.filter((_, at) => at !== index) })}
        />
      ))}
      {errors['prizes'] && (
        <Text c="red" size="sm" role="alert">
          {errors['prizes']}
        </Text>
      )}
      <Group>
        <Button variant="default" disabled={draft.prizes.length >= MAX_GAME_PRIZES} onClick={() => set({ prizes: [...draft.prizes, newPrize()] })}>
          Add a prize
        </Button>
      </Group>
    </Stack>
  );
}
