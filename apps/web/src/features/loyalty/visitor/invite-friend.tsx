import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CardBody } from '@qr/contracts';
import { CopyTextButton } from '../../../components/copy-text-button';
import { inWords } from './loyalty-refusals';
import { useReferralCode } from './public-loyalty-api';

/** “Invite a friend” (spec §7 "referral code"): the member's own link, to copy or hand to the phone's share sheet. */
export function InviteFriend({ card, terms }: { card: CardBody; terms: string[] }) {
  const code = useReferralCode(card);
  const link = code.data?.referral_link ?? null;
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack component="section" aria-labelledby="loyalty-invite" gap="sm">
      <Title order={2} id="loyalty-invite">
        Invite a friend
      </Title>
      {terms.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {code.isPending && <Loader size="sm" aria-label="Loading your link" />}
      {code.isError && <Text role="alert">{inWords(code.error)}</Text>}
      {code.isSuccess &&
        (link ? (
          <>
            <TextInput label="Your invitation link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group>
              {canShare && <Button onClick={() => void navigator.share({ url: link }).catch(() => undefined)}>Share…</Button>}
              <CopyTextButton value={link} label="Copy link" variant={canShare ? 'default' : 'filled'} />
            </Group>
          </>
        ) : (
          <Text>
            Your friend types your number, <strong>{code.data.referred_by_number}</strong>, when they join: invitation links are made from an email, and this
            card was opened with a phone number.
          </Text>
        ))}
    </Stack>
  );
}
