import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReturnPageView } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { findReturningVisitor } from './public-page-api';

/** "Registered already?": a visitor who comes back checks by their email instead of filling the form again. */
export function ReturningVisitor({ pageId }: { pageId: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<ReturnPageView>();
  const [error, setError] = useState<string>();

  async function check(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    setError(undefined);
    try {
      setFound(await findReturningVisitor(pageId, email.trim()));
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
    </Stack>
  );
}
