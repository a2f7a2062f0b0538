import { Box, Paper, Stack, Text } from '@mantine/core';
import { renderTemplate, type MessagingChannel, type PersonalValues } from '@qr/contracts';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';

const FRAME = {
  width: 260,
  maxWidth: '100%',
  minHeight: 420,
  border: '10px solid var(--mantine-color-dark-6)',
  borderRadius: 32,
  padding: 12,
  background: 'var(--mantine-color-body)',
} as const;

/** The message as it reaches a phone: its fields filled with the sample recipient's values. */
export function PhonePreview({ channel, subject, message, values }: { channel: MessagingChannel; subject: string; message: string; values: PersonalValues }) {
  const title = renderTemplate(subject, values);
  const body = renderTemplate(message, values);
  return (
    <Box component="figure" m={0} style={FRAME} aria-label="Preview on a phone">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {channel === 'email' ? `To ${values.email ?? ''}` : channel === 'sms' ? `Text to ${values.phone ?? ''}` : 'Notification'}
        </Text>
        <Paper withBorder p="xs" radius={channel === 'sms' ? 'lg' : 'sm'} bg={channel === 'sms' ? 'var(--mantine-color-default-hover)' : undefined}>
          {channel !== 'sms' && (
            <Text fw={700} size="sm" style={BREAK_ANYWHERE}>
              {title || (channel === 'email' ? 'No subject yet' : 'No title yet')}
            </Text>
          )}
          <Text size="sm" style={{ ...BREAK_ANYWHERE, whiteSpace: 'pre-wrap' }}>
            {body || 'Write the message to see it here.'}
          </Text>
        </Paper>
      </Stack>
    </Box>
  );
}
