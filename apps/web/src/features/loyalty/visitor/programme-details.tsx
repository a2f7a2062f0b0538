import { List, Stack, Text, Title } from '@mantine/core';
import type { PublicProgrammeView } from '@qr/contracts';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { campaignInWords, earningInWords, inUnits, referralInWords } from './programme-words';

/**
 * How the programme works: how to earn, what a full card or the tiers give, the campaign rewards and
 * (unless the card's invitation section says them) the referral terms.
 */
export function ProgrammeDetails({ programme, withReferral }: { programme: PublicProgrammeView; withReferral: boolean }) {
  const { kind, tiers, campaign_rewards, referral } = programme;
  const earning = earningInWords(programme);
  const referralLines = referral && withReferral ? referralInWords(kind, referral) : [];
  return (
    <Stack component="section" aria-labelledby="loyalty-how" gap="sm" style={BREAK_ANYWHERE}>
      <Title order={2} id="loyalty-how">
        How it works
      </Title>
      {kind === 'stamps' && <Text>A full card has {inUnits('stamps', programme.stamps_required)}.</Text>}
      {earning.length > 0 && (
        <List spacing={4}>
          {earning.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {tiers.length > 0 && (
        <>
          <Title order={3}>Levels</Title>
          <List spacing={4}>
            {tiers.map((tier) => (
              <List.Item key={tier.name}>
                {tier.name}: from {inUnits(kind, tier.threshold)} earned
              </List.Item>
            ))}
          </List>
        </>
      )}
      {campaign_rewards.length > 0 && (
        <>
          <Title order={3}>Extra rewards</Title>
          <List spacing={4}>
            {campaign_rewards.map((campaign) => (
              <List.Item key={`${campaign.code_id}-${campaign.action}-${campaign.name}`}>
                <Text span fw={600}>
                  {campaign.name}
                </Text>
                : {campaignInWords(kind, campaign)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {referralLines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </Stack>
  );
}
