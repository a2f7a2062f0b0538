import { Alert, Anchor, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CampaignView } from '@qr/contracts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { codeKeys, codesApi } from '../codes';
import { CampaignEditor, CHANNEL_LABELS } from './campaign-editor';
import { campaignLink, CampaignList, NewCampaignLink, OpenedCampaign, useMessagingRecord } from './campaign-list';
import { StatusBadge } from './campaign-results';
import { campaignsApi, messagingKeys } from './messaging-api';
import { PushPanel } from './push-panel';
import { EmailQrSender, InvitationStarter } from './campaign-starters';

/** Where the screens say a campaign goes without a provider: the settings hold the connections and the outbox. */
function OutboxHint() {
  return (
    <Text size="sm" c="dimmed">
      Without a connected provider, messages go to the outbox. Connect SMTP or Twilio under{' '}
      <Anchor component={Link} to="/admin/messaging">
        Messaging settings
      </Anchor>
      .
    </Text>
  );
}

/** `/admin/campaigns`: the email and push campaigns, each opened in place (`?campaign=`); a push to send, an invitation to draft, QR codes to email. */
export function CampaignsScreen() {
  const { orgId, writable } = useMessagingRecord();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const opened = params.get('campaign');
  return (
    <Stack>
      <Title order={1}>Campaigns</Title>
      <Text c="dimmed">Emails and push notifications to the customers who consented: audience, message, a test, then now or at a time.</Text>
      <OutboxHint />
      {opened ? (
        <OpenedCampaign campaignId={opened} backTo="/admin/campaigns" onScheduled={(campaign) => navigate(campaignLink(campaign))} />
      ) : (
        <>
          {writable && <NewCampaignLink to="/admin/campaigns/new">New campaign</NewCampaignLink>}
          <Title order={2} size="h3">
            Email campaigns
          </Title>
          <CampaignList orgId={orgId} channel="email" empty="No email campaigns yet. Start one with “New campaign”." />
          <Title order={2} size="h3">
            Push campaigns
          </Title>
          <CampaignList orgId={orgId} channel="push" empty="No push campaigns yet. Send a notification below, or start one with “New campaign”." />
          {writable && orgId !== '' && (
            <>
              <PushPanel orgId={orgId} />
              <InvitationStarter orgId={orgId} onDrafted={(campaign) => navigate(campaignLink(campaign))} />
              <EmailQrSender orgId={orgId} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** `/admin/campaigns/new` (`?code=` to start with a code): the editor, for email, push or SMS. */
export function NewCampaignScreen() {
  const { orgId, organizationName, writable } = useMessagingRecord();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack>
      <Anchor component={Link} to="/admin/campaigns" size="sm" style={{ alignSelf: 'flex-start' }}>
        ← Every campaign
      </Anchor>
      <Title order={1}>New campaign</Title>
      <OutboxHint />
      {!writable && <Alert color="yellow">Your role may read campaigns but not write them.</Alert>}
      {writable && orgId !== '' && (
        <CampaignEditor
          orgId={orgId}
          organizationName={organizationName}
          channels={['email', 'push', 'sms']}
          codeId={params.get('code') ?? ''}
          onScheduled={(campaign) => navigate(campaignLink(campaign))}
        />
      )}
    </Stack>
  );
}

const newest = (campaigns: readonly CampaignView[]) => [...campaigns].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** `/admin/campaigns/update/{codeId}`: a code's campaigns, its latest draft in the editor, the others listed. */
export function CodeCampaignsScreen() {
  const { codeId = '' } = useParams();
  const { orgId, organizationName, writable } = useMessagingRecord();
  const navigate = useNavigate();
  const code = useQuery({ queryKey: codeKeys.one(codeId), queryFn: () => codesApi.get(codeId), enabled: codeId !== '' });
  const campaigns = useQuery({
    queryKey: messagingKeys.campaigns(orgId, '', codeId, 1),
    queryFn: () => campaignsApi.list(orgId, '', codeId, 1),
    enabled: orgId !== '' && codeId !== '',
  });
  const codeName = code.data?.name ?? codeId;
  const all = newest(campaigns.data?.items ?? []);
  const draft = writable ? all.find((campaign) => campaign.status === 'draft') : undefined;
  const others = all.filter((campaign) => campaign !== draft);
  const newForCode = `/admin/campaigns/new?code=${encodeURIComponent(codeId)}`;
  return (
    <Stack>
      <Anchor component={Link} to="/admin/campaigns" size="sm" style={{ alignSelf: 'flex-start' }}>
        ← Every campaign
      </Anchor>
      <Title order={1} style={BREAK_ANYWHERE}>
        Campaigns of {codeName}
      </Title>
      {(code.isError || campaigns.isError) && <Alert color="red">{describeError(code.error ?? campaigns.error)}</Alert>}
      {campaigns.isPending && <Skeleton height={160} />}
      {campaigns.data && all.length === 0 && <Text>No campaigns for this code yet.</Text>}
      {writable && campaigns.data && !draft && <NewCampaignLink to={newForCode}>New campaign for this code</NewCampaignLink>}
      {draft && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm" style={BREAK_ANYWHERE}>
            {`Latest draft: ${draft.name}`}
          </Title>
          <CampaignEditor
            key={draft.campaign_id}
            orgId={orgId}
            organizationName={organizationName}
            initial={draft}
            channels={[draft.channel]}
            onScheduled={(campaign) => navigate(campaignLink(campaign))}
          />
        </Card>
      )}
      {others.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {draft ? 'Its other campaigns' : 'Its campaigns'}
          </Title>
          <List spacing="xs">
            {others.map((campaign) => (
              <List.Item key={campaign.campaign_id}>
                <Anchor component={Link} to={campaignLink(campaign)} style={BREAK_ANYWHERE}>
                  {campaign.name}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  {CHANNEL_LABELS[campaign.channel]}
                </Text>{' '}
                <StatusBadge status={campaign.status} />
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
