import { Group, Image, Text } from '@mantine/core';
import type { PublicOrganization } from '@qr/contracts';

/** Who is behind a code or a landing page, so a visitor knows whose network, card, note or form this is. */
export function BehindTheCode({ organization }: { organization: PublicOrganization }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {/* The name beside it says who: the logo adds nothing for a screen reader. */}
      {organization.logo && <Image src={organization.logo} alt="" h={40} w="auto" maw={120} fit="contain" />}
      <Text fw={600} c="dimmed">
        {organization.name}
      </Text>
    </Group>
  );
}
