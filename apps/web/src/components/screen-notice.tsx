import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A screen that only tells the visitor something and offers the way home. */
export function ScreenNotice({ title, detail }: { title: string; detail: string }) {
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{detail}</Text>
      <Anchor component={Link} to="/">
        Back to home
      </Anchor>
    </Stack>
  );
}
