import { Text } from '@mantine/core';
import { APP_VERSION } from '../app/app-version';

export function VersionTag() {
  return (
    <Text size="xs" c="dimmed">
      v{APP_VERSION}
    </Text>
  );
}
