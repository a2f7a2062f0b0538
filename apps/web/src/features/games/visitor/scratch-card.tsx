import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { PlayView, PublicGameView } from '@qr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { Notice } from '../../../components/visitor-notice';
import { PlayOutcome } from './game-outcome';
import { mayPlay, recordPlay, refusalInWords, usePlayStart } from './game-plays';

/** Share of the cover scratched away at which the rest falls off by itself. */
export const REVEAL_AT = 0.5;
const BRUSH_RADIUS = 22;
/** Every how many pixels the scratched share is sampled: a full count on each stroke would stall a phone. */
const SAMPLE_STEP = 8;

/** The share of a canvas's pixels scratched clear (transparent). */
function scratchedShare(context: CanvasRenderingContext2D, width: number, height: number): number {
  const { data } = context.getImageData(0, 0, width, height);
  let clear = 0;
  let sampled = 0;
  for (let at = 3; at < data.length; at += 4 * SAMPLE_STEP) {
    sampled += 1;
    if (data[at] === 0) clear += 1;
  }
  return sampled === 0 ? 0 : clear / sampled;
}

/**
 * The cover over the drawn outcome: grey foil the player rubs off with a finger or a mouse (pointer
 * events, so both). Canvas unavailable (an old browser): no cover, the outcome is there at once.
 */
function ScratchCover({ onScratchedOff }: { onScratchedOff(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return onScratchedOff();
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width));
    element.height = Math.max(1, Math.round(height));
    context.fillStyle = '#9aa0a6';
    context.fillRect(0, 0, element.width, element.height);
    context.fillStyle = '#ffffff';
    context.font = '700 20px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText('Scratch here', element.width / 2, element.height / 2);
  }, [onScratchedOff]);

  const scratch = (event: PointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget;
    const context = element.getContext('2d');
    if (!context) return;
    const box = element.getBoundingClientRect();
    const point = { x: event.clientX - box.left, y: event.clientY - box.top };
    context.globalCompositeOperation = 'destination-out';
    context.lineWidth = BRUSH_RADIUS * 2;
    context.lineCap = 'round';
    context.beginPath();
    context.moveTo(last.current?.x ?? point.x, last.current?.y ?? point.y);
    context.lineTo(point.x, point.y);
    context.stroke();
    last.current = point;
  };

  return (
    <canvas
      ref={canvas}
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none', cursor: 'crosshair', borderRadius: 'inherit' }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        last.current = null;
        scratch(event);
      }}
      onPointerMove={(event) => event.buttons !== 0 && scratch(event)}
      onPointerUp={(event) => {
        last.current = null;
        const element = event.currentTarget;
        const context = element.getContext('2d');
        if (context && scratchedShare(context, element.width, element.height) >= REVEAL_AT) onScratchedOff();
      }}
    />
  );
}

/**
 * The scratch card: the play is asked for first (the server draws the outcome), then the card comes
 * with its cover over it. What is under the cover stays out of the accessibility tree until it is off,
 * and "Reveal" takes it off for a keyboard or a screen reader. A reload shows the latest card revealed.
 */
export function ScratchCard({ game }: { game: PublicGameView }) {
  const queryClient = useQueryClient();
  const [covered, setCovered] = useState<PlayView | null>(null);
  const play = usePlayStart(game);
  const latest = game.my_plays[0] ?? null;
  const card = covered ?? latest;
  // Stable for one card: the cover paints itself once, not again on each render.
  const reveal = useCallback(() => {
    if (covered) recordPlay(queryClient, game.game_id, covered);
    setCovered(null);
  }, [covered, queryClient, game.game_id]);
  return (
    <Stack gap="md">
      <Box
        pos="relative"
        h={180}
        style={{ border: '2px dashed var(--mantine-color-text)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', userSelect: 'none' }}
      >
        <Stack h="100%" align="center" justify="center" p="md" aria-hidden={covered !== null}>
          <Text fz="xl" fw={800} ta="center" style={BREAK_ANYWHERE}>
            {card ? (card.prize?.label ?? 'No win') : 'Get a card and scratch it to see what you won.'}
          </Text>
        </Stack>
        {covered && <ScratchCover key={covered.play_id} onScratchedOff={reveal} />}
      </Box>
      <Group>
        {covered ? (
          <Button size="lg" variant="default" onClick={reveal}>
            Reveal
          </Button>
        ) : (
          <Button size="lg" loading={play.isPending} disabled={!mayPlay(game)} onClick={() => play.mutate('', { onSuccess: setCovered })}>
            {latest ? 'Get another card' : 'Get a card'}
          </Button>
        )}
      </Group>
      {play.isError && (
        <Notice tone="refused" title="No card this time">
          <Text size="sm">{refusalInWords(play.error)}</Text>
        </Notice>
      )}
      <PlayOutcome game={game} play={covered ? null : latest} />
    </Stack>
  );
}
