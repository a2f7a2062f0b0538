import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { LoyaltyCardView, PublicProgrammeView } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem } from '../../../api/api-problem';
import { Notice } from '../../../components/visitor-notice';
import { inWords, refusalCode } from './loyalty-refusals';
import { claimCampaignReward, loyaltyKeys } from './public-loyalty-api';
import { campaignInWords } from './programme-words';

type Campaign = PublicProgrammeView['campaign_rewards'][number];

/**
 * The campaign rewards the holder claims on their card (spec §7 "campaign reward"): those for
 * scanning the venue code a number of times or for friends who joined; each is granted once, and
 * the stream says whether the card has done enough yet. A form's reward comes with the form itself.
 */
export function CampaignClaims({ programme, card }: { programme: PublicProgrammeView; card: LoyaltyCardView }) {
  const queries = useQueryClient();
  const claim = useMutation({
    mutationFn: (campaign: Campaign) =>
      claimCampaignReward({ programme_id: programme.programme_id, card_id: card.card_id, code_id: campaign.code_id, action: campaign.action }),
    onSettled: () => queries.invalidateQueries({ queryKey: loyaltyKeys.card(programme.programme_id, card.card_id) }),
  });
  const claimable = programme.campaign_rewards.filter((campaign) => campaign.action !== 'form_submitted');
  if (claimable.length === 0) return null;
  const granted = new Set(card.granted_campaign_rewards);
  // How far along the card is, as the stream counted it ("… comes after 3: this card is at 2.").
  const progress = refusalCode(claim.error) === 'loyalty_action_not_done' && claim.error instanceof ApiProblem ? claim.error.detail : undefined;
  return (
    <Stack component="section" aria-labelledby="loyalty-campaigns" gap="sm">
      <Title order={2} id="loyalty-campaigns">
        Extra rewards
      </Title>
      {claimable.map((campaign) => (
        <Group key={campaign.campaign_reward_id} justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{campaign.name}</Text>
            <Text size="sm">{campaignInWords(programme.kind, campaign)}</Text>
          </Stack>
          {granted.has(campaign.campaign_reward_id) ? (
            <Text size="sm">You have had it</Text>
          ) : (
            <Button
              variant="light"
              loading={claim.isPending && claim.variables?.campaign_reward_id === campaign.campaign_reward_id}
              disabled={claim.isPending}
              onClick={() => claim.mutate(campaign)}
            >
              Claim {campaign.name}
            </Button>
          )}
        </Group>
      ))}
      {claim.isSuccess && (
        <Notice tone="done" title="Reward added">
          <Text size="sm">It is on your card now.</Text>
        </Notice>
      )}
      {claim.isError && (
        <Notice tone="refused" title="Not yet">
          <Text size="sm">{progress ?? inWords(claim.error)}</Text>
        </Notice>
      )}
    </Stack>
  );
}
