import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_CAMPAIGN_REWARDS, MAX_REWARDS, MAX_TIERS, type LoyaltyAction } from '@qr/contracts';
import type { FormErrors, Setter } from '../promos';
import {
  newCampaignReward,
  newReward,
  newTier,
  unitOf,
  unitTitleOf,
  type CampaignRewardDraft,
  type ProgrammeDraft,
  type RewardDraft,
  type TierDraft,
} from './loyalty-programme-draft';

interface ListProps {
  draft: ProgrammeDraft;
  set: Setter<ProgrammeDraft>;
  errors: FormErrors;
}

export const ACTION_LABELS: Record<LoyaltyAction, string> = {
  form_submitted: 'Sends the code’s form',
  scanned: 'Scans the venue code',
  referred_friend: 'Refers friends who join',
};

/** One row of a list changed in place, the others kept. */
function replaced<Row>(rows: readonly Row[], index: number, change: Partial<Row>): Row[] {
  return rows.map((row, at) => (at === index ? { ...row, ...change } : row));
}

/** The list's own error (its order, its ids) where no row's field holds it. */
function ListError({ errors, path }: { errors: FormErrors; path: string }) {
  const message = errors[path];
  return message ? (
    <Text c="red" size="sm" role="alert">
      {message}
    </Text>
  ) : null;
}

export function TiersFields({ draft, set, errors }: ListProps) {
  const change = (index: number, tier: Partial<TierDraft>) => set({ tiers: replaced(draft.tiers, index, tier) });
  return (
    <Fieldset legend="Tiers">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A member reaches a tier once they have earned its threshold in all; redeeming does not take it away. List them from the lowest up.
        </Text>
        {draft.tiers.map((tier, index) => (
          <Group key={tier.key} align="flex-end" gap="xs" role="group" aria-label={`Tier ${index + 1}`}>
            <TextInput
              label="Tier name"
              placeholder="Gold"
              value={tier.name}
              onChange={(event) => change(index, { name: event.currentTarget.value })}
              error={errors[`terms.tiers.${index}.name`]}
            />
            <NumberInput
              label={`From ${unitOf(draft.kind)} earned`}
              min={1}
              allowDecimal={false}
              thousandSeparator=","
              value={tier.threshold}
              onChange={(threshold) => change(index, { threshold })}
              error={errors[`terms.tiers.${index}.threshold`]}
            />
            <Button variant="subtle" color="red" onClick={() => set({ tiers: draft.tiers.filter((_, at) => at !== index) })}>
              Remove tier {index + 1}
            </Button>
          </Group>
        ))}
        <ListError errors={errors} path="terms.tiers" />
        <Button
          variant="default"
          disabled={draft.tiers.length >= MAX_TIERS}
          onClick={() => set({ tiers: [...draft.tiers, newTier()] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a tier
        </Button>
      </Stack>
    </Fieldset>
  );
}

export function RewardsFields({ draft, set, errors }: ListProps) {
  const change = (index: number, reward: Partial<RewardDraft>) => set({ rewards: replaced(draft.rewards, index, reward) });
  return (
    <Fieldset legend="Rewards">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          What members can redeem, at a price in {unitOf(draft.kind)}. Leave the stock empty when there is no limit.
        </Text>
        {draft.rewards.map((reward, index) => (
          <Fieldset key={reward.reward_id} legend={`Reward ${index + 1}`} variant="filled">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Reward name"
                  placeholder="A free coffee"
                  value={reward.name}
                  onChange={(event) => change(index, { name: event.currentTarget.value })}
                  error={errors[`terms.reward_list.${index}.name`]}
                />
                <NumberInput
                  label={`Price in ${unitOf(draft.kind)}`}
                  min={1}
                  allowDecimal={false}
                  thousandSeparator=","
                  value={reward.price}
                  onChange={(price) => change(index, { price })}
                  error={errors[`terms.reward_list.${index}.price`]}
                />
                <NumberInput
                  label="Stock"
                  description="Empty: no limit"
                  min={0}
                  allowDecimal={false}
                  thousandSeparator=","
                  value={reward.stock}
                  onChange={(stock) => change(index, { stock })}
                  error={errors[`terms.reward_list.${index}.stock`]}
                />
              </SimpleGrid>
              <TextInput
                label="Description"
                value={reward.description}
                onChange={(event) => change(index, { description: event.currentTarget.value })}
                error={errors[`terms.reward_list.${index}.description`]}
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => set({ rewards: draft.rewards.filter((_, at) => at !== index) })}
                style={{ alignSelf: 'flex-start' }}
              >
                Remove reward {index + 1}
              </Button>
            </Stack>
          </Fieldset>
        ))}
        <ListError errors={errors} path="terms.reward_list" />
        <Button
          variant="default"
          disabled={draft.rewards.length >= MAX_REWARDS}
          onClick={() => set({ rewards: [...draft.rewards, newReward()] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a reward
        </Button>
      </Stack>
    </Fieldset>
  );
}

function CampaignRewardFields({
  campaign,
  index,
  draft,
  errors,
  onChange,
  onRemove,
}: {
  campaign: CampaignRewardDraft;
  index: number;
  draft: ProgrammeDraft;
  errors: FormErrors;
  onChange(change: Partial<CampaignRewardDraft>): void;
  onRemove(): void;
}) {
  const path = `terms.campaign_rewards.${index}`;
  const named = draft.rewards.filter((reward) => reward.name.trim() !== '');
  const rewardError = Object.entries(errors).find(([key]) => key.startsWith(`${path}.reward_list`))?.[1];
  return (
    <Fieldset legend={`Campaign reward ${index + 1}`} variant="filled">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Campaign reward name"
            placeholder="Welcome gift"
            value={campaign.name}
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={errors[`${path}.name`]}
          />
          <TextInput
            label="On the code"
            description="This code’s id; another of your codes’ ids works too."
            value={campaign.code_id}
            onChange={(event) => onChange({ code_id: event.currentTarget.value })}
            error={errors[`${path}.code_id`]}
          />
          <NativeSelect
            label="When the member"
            data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
            value={campaign.action}
            onChange={(event) => {
              const action = Object.keys(ACTION_LABELS).find((key): key is LoyaltyAction => key === event.currentTarget.value);
              if (action) onChange({ action });
            }}
          />
          {campaign.action !== 'form_submitted' && (
            <NumberInput
              label={campaign.action === 'scanned' ? 'Scans needed' : 'Friends needed'}
              min={1}
              allowDecimal={false}
              value={campaign.times}
              onChange={(times) => onChange({ times })}
              error={errors[`${path}.times`]}
            />
          )}
          <NumberInput
            label={`${unitTitleOf(draft.kind)} given`}
            min={0}
            allowDecimal={false}
            thousandSeparator=","
            value={campaign.points}
            onChange={(points) => onChange({ points })}
            error={errors[`${path}.points`]}
          />
        </SimpleGrid>
        {named.length > 0 ? (
          <Checkbox.Group label="Rewards given free" value={campaign.reward_list} onChange={(reward_list) => onChange({ reward_list })} error={rewardError}>
            <Stack gap={4} mt={4}>
              {named.map((reward) => (
                <Checkbox key={reward.reward_id} value={reward.reward_id} label={reward.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            Add rewards above to give one free with this campaign.
          </Text>
        )}
        <Button variant="subtle" color="red" onClick={onRemove} style={{ alignSelf: 'flex-start' }}>
          Remove campaign reward {index + 1}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** Spec §7 "campaign reward" (`reward_list`, `code_id`, `action`): each granted once per member. */
export function CampaignRewardsFields({ draft, set, errors, codeId }: ListProps & { codeId: string }) {
  return (
    <Fieldset legend="Campaign rewards">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Given once to each member who does something on a code: sends its form, scans it a number of times, or refers friends.
        </Text>
        {draft.campaigns.map((campaign, index) => (
          <CampaignRewardFields
            key={campaign.campaign_reward_id}
            campaign={campaign}
            index={index}
            draft={draft}
            errors={errors}
            onChange={(change) => set({ campaigns: replaced(draft.campaigns, index, change) })}
            onRemove={() => set({ campaigns: draft.campaigns.filter((_, at) => at !== index) })}
          />
        ))}
        <Button
          variant="default"
          disabled={draft.campaigns.length >= MAX_CAMPAIGN_REWARDS}
          onClick={() => set({ campaigns: [...draft.campaigns, newCampaignReward(codeId)] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a campaign reward
        </Button>
      </Stack>
    </Fieldset>
  );
}
