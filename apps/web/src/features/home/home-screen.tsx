import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function HomeScreen() {
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'xl' }} maw={640}>
      <Title order={1} fz={{ base: 36, sm: 48 }}>
        QR Platform
      </Title>
      <Text size="lg" c="dimmed">
        Create QR codes and landing pages, run loyalty, promotion and messaging campaigns, and see what
        every scan brings in, all on a platform you can host yourself.
      </Text>
      <Group>
        <Button component={Link} to="/auth/login" size="md">
          Sign in
        </Button>
        {/* Served by the API, outside this app's router, so a plain link. */}
        <Button component="a" href="/api/docs" size="md" variant="default">
          API documentation
        </Button>
      </Group>
    </Stack>
  );
}
