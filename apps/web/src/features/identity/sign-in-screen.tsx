import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useAuth } from './auth-context';
import { takeReturnPath } from './token-cache';

/** Where the admin area starts when nothing asked for a particular screen. */
const DEFAULT_RETURN_PATH = '/admin';

/**
 * /auth/login: the provider's redirect target. keycloak-js completes the code exchange on init;
 * then the user goes to the stored return path, otherwise to the admin area. A visitor who is not
 * signed in is sent to the provider.
 */
export default function SignInScreen() {
  const { authenticated, loading, error, login } = useAuth();
  const navigate = useNavigate();
  const acted = useRef(false);

  useEffect(() => {
    if (loading || error !== null || acted.current) return;
    acted.current = true;
    if (authenticated) {
      navigate(takeReturnPath() ?? DEFAULT_RETURN_PATH, { replace: true });
    } else {
      void login(DEFAULT_RETURN_PATH);
    }
  }, [authenticated, loading, error, login, navigate]);

  if (error === null) return <PageLoader />;
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1}>Sign-in failed</Title>
      <Text c="dimmed">{error}</Text>
      <Button onClick={() => void login(DEFAULT_RETURN_PATH)}>Try again</Button>
    </Stack>
  );
}
