import { Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { gamePlayerPath, type GameView } from '@qr/contracts';
import { CopyTextButton } from '../../components/copy-text-button';
import { LinkQrImage } from '../../components/link-qr-image';

/** The players' page as a phone reaches it: absolute, for the QR code and the link staff share. */
export const playerUrlOf = (gameId: string): string => `${window.location.origin}${gamePlayerPath(gameId)}`;

/** The players' link and its QR code, to print or put on a screen beside the counter. */
export function GamePlayerLink({ game }: { game: GameView }) {
  const link = playerUrlOf(game.game_id);
  return (
    <Card withBorder>
      <Group align="flex-start" gap="lg">
        <LinkQrImage url={link} alt={`QR code of the players’ page of ${game.name}`} size={140} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
          <Group align="flex-end" gap="xs">
            <TextInput label="Players play at" value={link} readOnly w={420} maw="100%" />
            <CopyTextButton value={link} label="Copy the player link" />
          </Group>
          <Text size="sm" c="dimmed">
            {game.status === 'open' ? 'The game is open: players can play now.' : 'Players see that the game is not open until you open it.'}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
