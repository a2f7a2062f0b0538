import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { EmbedOrigin, MAX_WALL_EMBEDS, type WallEmbedView, type WallView } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { CopyTextButton } from '../../components/copy-text-button';
import { withWebScheme } from '../../components/web-address';
import { WebAddressInput } from '../../components/web-address-input';
import { wallKeys, wallsApi } from './walls-api';

/**
 * The sites that may frame the wall (spec §7 "selfie wall embed creation"): no other page can, as
 * the server's frame-ancestors says. Adding one answers the iframe to paste, shown until the next.
 */
export function WallEmbeds({ wall, writable }: { wall: WallView; writable: boolean }) {
  const queryClient = useQueryClient();
  const [origin, setOrigin] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [made, setMade] = useState<WallEmbedView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: wallKeys.all });
  const add = useMutation({
    mutationFn: (site: string) => wallsApi.addEmbed(wall.wall_id, site),
    onSuccess: async (embed) => (setMade(embed), setOrigin(''), await refresh()),
  });
  const remove = useMutation({ mutationFn: (site: string) => wallsApi.removeEmbed(wall.wall_id, site), onSuccess: refresh });
  const submit = () => {
    const parsed = EmbedOrigin.safeParse(withWebScheme(origin.trim()));
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give the site’s address.'));
    if (parsed.success) add.mutate(parsed.data);
  };
  const full = wall.embed_origins.length >= MAX_WALL_EMBEDS;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The embedded wall is the same screen without the QR code, for an iframe on your own site. Only the sites listed here may show it (up to{' '}
        {MAX_WALL_EMBEDS}).
      </Text>
      {wall.embed_origins.length === 0 ? (
        <Text size="sm">No sites yet.</Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sites that may embed the wall">
          {wall.embed_origins.map((site) => (
            <Group component="li" key={site} gap="xs" wrap="nowrap">
              <Text size="sm" style={BREAK_ANYWHERE}>
                {site}
              </Text>
              {writable && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate(site)}
                  loading={remove.isPending && remove.variables === site}
                  aria-label={`Remove ${site}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {remove.isError && <Alert color="red">{describeError(remove.error)}</Alert>}
      {writable && (
        <Stack component="form" gap="xs" onSubmit={(event) => (event.preventDefault(), submit())}>
          <Group align="flex-end" gap="xs">
            <WebAddressInput
              label="Your site’s address"
              placeholder="https://www.example.com"
              value={origin}
              onChange={setOrigin}
              error={invalid}
              disabled={full}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={add.isPending} disabled={full}>
              Add site
            </Button>
          </Group>
          {full && <Text size="sm">The wall is on as many sites as it may be: remove one to add another.</Text>}
          {add.isError && <Alert color="red">{describeError(add.error)}</Alert>}
        </Stack>
      )}
      {made && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Paste this into {made.origin}
          </Title>
          <Code block style={BREAK_ANYWHERE}>
            {made.snippet}
          </Code>
          <CopyTextButton value={made.snippet} label="Copy the snippet" size="xs" variant="default" />
        </Stack>
      )}
    </Stack>
  );
}
