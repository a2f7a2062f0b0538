import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReturnPageView } from '@qr/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { findReturningVisitor } from './public-page-api';

/** A loyalty exchange the page's address names (`?exchange_id=`, from a card's exchange screen), the shape checked by the API. */
const EXCHANGE_PARAM = 'exchange_id';

/**
 * "Registered already?": a visitor who comes back checks by their email instead of filling the form
 * again, and sees the loyalty exchange the page's address names when it was theirs.
 */
export function ReturningVisitor({ pageId }: { pageId: string }) {
  const [open, setOpen] = useState(false);
  // Read after hydration: the server draws the page without the visitor's address.
  const [exchangeId, setExchangeId] = useState<string>();
  useEffect(() => setExchangeId(new URLSearchParams(window.location.search).get(EXCHANGE_PARAM) ?? undefined), []);
  const [email, setEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<ReturnPageView>();
  const [error, setError] = useState<string>();

  async function check(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    setError(undefined);
    try {
      setFound(await findReturningVisitor(pageId, email.trim(), exchangeId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The check could not be made. Please try again.');
    } finally {
      setChecking(false);
    }
  }

  if (!open) {
    return (
      // A link in the theme's primary (the scope's anchor colour), as every link of the page is.
      <Anchor component="button" type="button" onClick={() => setOpen(true)} fz="sm" style={{ alignSelf: 'flex-start' }}>
        Registered already? Check with your email
      </Anchor>
    );
  }
  return (
    <Stack gap="xs">
      <form onSubmit={check} noValidate aria-label="Registered already">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Your email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" loading={checking}>
            Check
          </Button>
        </Group>
      </form>
      {found?.returning && (
        <Alert color="green" title="Welcome back!">
          You registered on {new Date(found.submitted_at!).toLocaleDateString()}. {found.success_message}
        </Alert>
      )}
      {found && !found.returning && <Text size="sm">We have no registration with that email on this page yet. Fill in the form above to register.</Text>}
      {found?.exchange && (
        <Alert color="green" title={`Your ${found.exchange.reward_name}`}>
          Redeemed with your {found.exchange.programme_name} on {new Date(found.exchange.redeemed_at).toLocaleString()}: exchange {found.exchange.exchange_id}.
        </Alert>
      )}
      {found && exchangeId && !found.exchange && <Text size="sm">The exchange in this link is not one of this email’s cards.</Text>}
    </Stack>
  );
}
