import { Stack, Text, Title } from '@mantine/core';
import type { GameKind, PublicGameView } from '@qr/contracts';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { ApiProblem, describeError } from '../../../api/api-problem';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PageLoader } from '../../../components/page-loader';
import { Notice } from '../../../components/visitor-notice';
import { whenInWords } from './when-in-words';
import { VisitorFrame } from '../../visitor';
import { usePublicGame } from './public-games-api';
import { QuizPlay } from './quiz-play';
import { ScratchCard } from './scratch-card';
import { SpinWheel } from './spin-wheel';

const PLAYED_AS: Record<GameKind, ComponentType<{ game: PublicGameView }>> = { wheel: SpinWheel, scratch: ScratchCard, quiz: QuizPlay };

/** The plays the limit leaves, and when the next one comes once none is left; nothing without a limit. */
function PlaysLeft({ game }: { game: PublicGameView }) {
  const { left, next_at } = game.plays_left;
  if (left === null || game.status !== 'open') return null;
  if (left > 0) return <Text fw={600}>{left === 1 ? '1 play left' : `${left} plays left`}</Text>;
  return (
    <Notice tone="asked" title="No plays left for now">
      <Text size="sm">{next_at ? `Your next play comes at ${whenInWords(next_at)}.` : 'You have played every play this game allows.'}</Text>
    </Notice>
  );
}

function StatusNotice({ game }: { game: PublicGameView }) {
  if (game.status === 'draft')
    return (
      <Notice tone="asked" title="This game has not started yet">
        <Text size="sm">Come back soon: it opens here when the organiser starts it.</Text>
      </Notice>
    );
  if (game.status === 'closed')
    return (
      <Notice tone="asked" title="This game has ended">
        <Text size="sm">Thanks for playing. A prize you won can still be shown here.</Text>
      </Notice>
    );
  return <PlaysLeft game={game} />;
}

function GamePage({ game }: { game: PublicGameView }) {
  const Played = PLAYED_AS[game.kind];
  return (
    <Stack gap="lg">
      <Title order={1} style={BREAK_ANYWHERE}>
        {game.name}
      </Title>
      <StatusNotice game={game} />
      <Played game={game} />
    </Stack>
  );
}

/** `/game/{id}`: a game's players' page, in the frame and brand of the organisation that owns it. */
export function GameScreen() {
  const { id = '' } = useParams();
  const game = usePublicGame(id);
  if (game.isSuccess)
    return (
      <VisitorFrame organization={game.data.owner}>
        <GamePage game={game.data} />
      </VisitorFrame>
    );
  const gone = game.error instanceof ApiProblem && (game.error.status === 404 || game.error.status === 400);
  return (
    <VisitorFrame>
      {game.isPending ? (
        <PageLoader />
      ) : gone ? (
        <Stack>
          <Title order={1}>This game is not available</Title>
          <Text>The game may have been taken down, or the address is not complete. Check it and try again.</Text>
        </Stack>
      ) : (
        <Stack>
          <Title order={1}>This game could not be opened</Title>
          <Notice tone="refused" title="Not loaded">
            <Text size="sm">{describeError(game.error)}</Text>
          </Notice>
        </Stack>
      )}
    </VisitorFrame>
  );
}
