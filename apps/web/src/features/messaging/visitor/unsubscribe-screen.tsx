import { Button, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PageLoader } from '../../../components/page-loader';
import { Notice } from '../../../components/visitor-notice';
import { VisitorFrame } from '../../visitor';
import { useUnsubscribe, useUnsubscribeLink } from './unsubscribe-api';

/**
 * Where an email's unsubscribe link leads (issue 55), in the organisation's brand: it names the
 * address and asks to confirm, since mail scanners open links by themselves; one press withdraws.
 */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  if (link.isSuccess) {
    const { organization, address, status } = link.data;
    return (
      <VisitorFrame organization={organization}>
        <Stack gap="md" style={BREAK_ANYWHERE}>
          <Title order={1}>{status === 'withdrawn' ? 'You are unsubscribed' : `Stop messages from ${organization.name}?`}</Title>
          {status === 'withdrawn' ? (
            <Notice tone="done" title="Unsubscribed">
              <Text size="sm">
                {organization.name} will not send messages to {address} any more. If you sign up again, they can.
              </Text>
            </Notice>
          ) : (
            <>
              <Text>
                {organization.name} sends messages to {address}. Press the button and they stop.
              </Text>
              <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending} size="md">
                Unsubscribe
              </Button>
              {unsubscribe.isError && (
                <Notice tone="refused" title="Not unsubscribed yet">
                  <Text size="sm">Something went wrong: try the button again in a moment.</Text>
                </Notice>
              )}
            </>
          )}
        </Stack>
      </VisitorFrame>
    );
  }
  return (
    <VisitorFrame>
      {link.isPending && token !== '' ? (
        <PageLoader />
      ) : (
        <Stack>
          <Title order={1}>This link does not work</Title>
          <Text>Use the unsubscribe link in the message as it came, or reply to the message and ask to be taken off the list.</Text>
        </Stack>
      )}
    </VisitorFrame>
  );
}
