import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SiteView } from '@qr/contracts';
import { Link } from 'react-router-dom';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';
import { PageLoader } from '../../components/page-loader';
import { VisitorHome } from './visitor-home';

async function fetchSite(): Promise<SiteView> {
  const path = '/api/v1/public/site';
  const response = await publicFetch(path);
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return readAnswer(SiteView, response, operationOf(path));
}

/** The product's home on its main host: what it does, and the way in. */
function ProductHome() {
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'xl' }} maw={640}>
      <Title order={1} fz={{ base: 36, sm: 48 }}>
        QR Platform
      </Title>
      <Text size="lg" c="dimmed">
        Create QR codes and landing pages, run loyalty, promotion and messaging campaigns, and see what every scan brings in, all on a platform you can host
        yourself.
      </Text>
      <Group>
        <Button component={Link} to="/auth/login" size="md">
          Sign in
        </Button>
        <Button component={Link} to="/auth/login" size="md" variant="light">
          Create an account
        </Button>
        {/* Served by the API, outside this app's router, so a plain link. */}
        <Button component="a" href="/api/docs" size="md" variant="default">
          API documentation
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        New here? “Create an account” opens the sign-in page, where you can make one; then you name your organisation.
      </Text>
    </Stack>
  );
}

/**
 * `/` (spec §2): one of two screens, by whether the visitor came to the alternate host (ALT_HOST,
 * the short host printed in QR codes). There they get a screen to enter or scan a code; anywhere
 * else, the product's home. Until the server has answered, neither shows.
 */
export function HomeScreen() {
  const site = useQuery({ queryKey: ['site'], queryFn: fetchSite, staleTime: Infinity });
  if (site.isPending) return <PageLoader />;
  const onAltHost = site.data?.alt_host != null && site.data.alt_host === window.location.host.toLowerCase();
  return onAltHost ? <VisitorHome /> : <ProductHome />;
}
