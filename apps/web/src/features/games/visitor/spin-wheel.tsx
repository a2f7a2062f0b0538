import { Box, Button, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { PlayView, PublicGameView } from '@qr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Notice } from '../../../components/visitor-notice';
import { PlayOutcome } from './game-outcome';
import { mayPlay, recordPlay, refusalInWords, usePlayStart } from './game-plays';
import { stopRotation, wheelSegments, type WheelSegment } from './wheel-segments';

/** How long the wheel turns before it settles on the server's outcome. */
export const SPIN_MS = 4_000;
const RADIUS = 96;
const LABEL_CHARACTERS = 14;

const labelOf = (segment: WheelSegment) => (segment.kind === 'prize' ? segment.prize.label : 'No win');
/** What fits on a slice; the wheel's accessible name says every label whole. */
const shortLabelOf = (segment: WheelSegment) => {
  const label = labelOf(segment);
  return label.length > LABEL_CHARACTERS ? `${label.slice(0, LABEL_CHARACTERS - 1)}…` : label;
};

/** A point on the rim, `degrees` clockwise from the top. */
const rim = (degrees: number) => {
  const radians = (degrees * Math.PI) / 180;
  return `${(Math.sin(radians) * RADIUS).toFixed(3)} ${(-Math.cos(radians) * RADIUS).toFixed(3)}`;
};

/** The wheel drawn in the organisation's colours: prizes in its primary colour, "No win" in the page's own. */
function WheelDrawing({ segments, rotation, spinning }: { segments: WheelSegment[]; rotation: number; spinning: boolean }) {
  const width = 360 / segments.length;
  return (
    <svg viewBox="-100 -108 200 208" width="100%" style={{ maxWidth: 340, display: 'block', margin: '0 auto' }} aria-hidden>
      <g
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.6, 0.2, 1)` : 'none',
        }}
      >
        {segments.map((segment, index) => {
          const prize = segment.kind === 'prize';
          const centre = (index + 0.5) * width;
          return (
            <g key={index}>
              <path
                d={`M 0 0 L ${rim(index * width)} A ${RADIUS} ${RADIUS} 0 0 1 ${rim((index + 1) * width)} Z`}
                fill={prize ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default)'}
                stroke="var(--mantine-color-text)"
                strokeWidth={0.6}
              />
              <text
                // Along the radius, turned over on the left half so it never reads upside down as drawn.
                transform={centre < 180 ? `rotate(${centre - 90}) translate(${RADIUS * 0.58} 0)` : `rotate(${centre + 90}) translate(${-RADIUS * 0.58} 0)`}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={segments.length > 12 ? 7 : 9}
                fontWeight={700}
                fill={prize ? 'var(--mantine-primary-color-contrast)' : 'var(--mantine-color-text)'}
              >
                {shortLabelOf(segment)}
              </text>
            </g>
          );
        })}
        <circle r={10} fill="var(--mantine-color-text)" />
      </g>
      {/* The pointer stays still at the top while the wheel turns under it. */}
      <path d="M -8 -107 L 8 -107 L 0 -88 Z" fill="var(--mantine-color-text)" stroke="var(--mantine-color-body)" strokeWidth={1.5} />
    </svg>
  );
}

/**
 * Spin the wheel: the play is asked for first and the server draws its prize; only then does the
 * wheel turn, to stop on a segment of that outcome (any "No win" for none). Reduced motion: it is
 * set there at once. The latest play stays shown, so a reload stops the wheel where it did.
 */
export function SpinWheel({ game }: { game: PublicGameView }) {
  const queryClient = useQueryClient();
  const reduceMotion = useReducedMotion();
  const segments = useMemo(() => wheelSegments(game.prizes), [game.prizes]);
  const latest = game.my_plays[0] ?? null;
  const [rotation, setRotation] = useState(() => (latest ? stopRotation(segments, latest.prize?.id ?? null, 0, () => 0.5) : 0));
  const [spinning, setSpinning] = useState<PlayView | null>(null);
  const play = usePlayStart(game);

  useEffect(() => {
    if (spinning === null) return undefined;
    const timer = setTimeout(() => {
      recordPlay(queryClient, game.game_id, spinning);
      setSpinning(null);
    }, SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning, queryClient, game.game_id]);

  const spin = () =>
    play.mutate('', {
      onSuccess: (drawn) => {
        setRotation((from) => stopRotation(segments, drawn.prize?.id ?? null, from, Math.random));
        if (reduceMotion) recordPlay(queryClient, game.game_id, drawn);
        else setSpinning(drawn);
      },
    });

  return (
    <Stack gap="md">
      <Box role="img" aria-label={`A prize wheel of ${segments.map(labelOf).join(', ')}`}>
        <WheelDrawing segments={segments} rotation={rotation} spinning={spinning !== null} />
      </Box>
      <Button size="lg" onClick={spin} loading={play.isPending} disabled={!mayPlay(game) || spinning !== null} style={{ alignSelf: 'center' }}>
        {spinning ? 'Spinning…' : latest ? 'Spin again' : 'Spin the wheel'}
      </Button>
      {play.isError && (
        <Notice tone="refused" title="The wheel did not spin">
          <Text size="sm">{refusalInWords(play.error)}</Text>
        </Notice>
      )}
      <PlayOutcome game={game} play={spinning ? null : latest} />
    </Stack>
  );
}
