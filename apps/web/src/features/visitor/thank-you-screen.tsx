import { Button, Stack, Text, Title } from '@mantine/core';
import type { SuccessPageView } from '@qr/contracts';
import { VisitorFrame } from './visitor-frame';

/**
 * What a visitor sees once their submission is in: the organisation's brand, the page's message,
 * and its next step when the page has one (spec §7 "get success page").
 */
export function ThankYouScreen({ page }: { page: Omit<SuccessPageView, 'page_id'> }) {
  return (
    <VisitorFrame organization={page.owner} theme={page.theme}>
      <ThankYou page={page} />
    </VisitorFrame>
  );
}

/** The thank-you itself, for a page already drawn in its frame. */
export function ThankYou({ page: { success_message, success_button } }: { page: Pick<SuccessPageView, 'success_message' | 'success_button'> }) {
  return (
    <Stack gap="lg" py="xl" role="status">
      <Title order={1}>Thank you!</Title>
      {success_message && <Text size="lg">{success_message}</Text>}
      {success_button && (
        <Button component="a" href={success_button.url} size="md" style={{ alignSelf: 'flex-start' }}>
          {success_button.label}
        </Button>
      )}
    </Stack>
  );
}
