import { Button } from '@mantine/core';
import { useAuth } from './auth-context';

/** Forgets the cached tokens and signs out at the provider, which returns the user home. */
export function SignOutButton() {
  const { logout } = useAuth();
  return (
    <Button variant="default" size="xs" onClick={() => void logout()}>
      Sign out
    </Button>
  );
}
