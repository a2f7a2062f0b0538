import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { codeKeys, codesApi } from '../codes';
import { CampaignEditor } from './campaign-editor';
import { campaignLink, CampaignList, OpenedCampaign, useMessagingRecord } from './campaign-list';
import { PhoneNumbers, PhoneVerification, SendOneSms } from './sms-numbers';
import { AutoSmsRules, CampaignKeys } from './sms-keywords';

/** `/admin/sms-campaigns`: SMS campaigns (opened in place with `?campaign=`), keywords, auto SMS, numbers and single texts. */
export function SmsCampaignsScreen() {
  const { orgId, organizationName, writable } = useMessagingRecord();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [editorKey, setEditorKey] = useState(0);
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const opened = params.get('campaign');
  return (
    <Stack>
      <Title order={1}>SMS campaigns</Title>
      <Text c="dimmed">
        Texts to the customers who consented by SMS. STOP and the other opt-out words withdraw consent; START gives it again. Without Twilio connected, texts go
        to the outbox: connect it under{' '}
        <Anchor component={Link} to="/admin/messaging">
          Messaging settings
        </Anchor>
        .
      </Text>
      {opened ? (
        <OpenedCampaign campaignId={opened} backTo="/admin/sms-campaigns" onScheduled={(campaign) => navigate(campaignLink(campaign))} />
      ) : (
        <>
          <CampaignList orgId={orgId} channel="sms" empty="No SMS campaigns yet. Write the first one below." />
          {writable && orgId !== '' && (
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                New SMS campaign
              </Title>
              <CampaignEditor
                key={editorKey}
                orgId={orgId}
                organizationName={organizationName}
                channels={['sms']}
                onScheduled={(campaign) => (setEditorKey((key) => key + 1), navigate(campaignLink(campaign)))}
              />
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <CampaignKeys orgId={orgId} codes={codes.data ?? []} writable={writable} />
            <AutoSmsRules orgId={orgId} codes={codes.data ?? []} writable={writable} />
            {writable && <PhoneNumbers orgId={orgId} />}
            {writable && <PhoneVerification orgId={orgId} />}
            {writable && <SendOneSms orgId={orgId} />}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
