import { Button, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_NICKNAME, PlayGameBody, type AnswerView, type PlayView, type PublicGameView, type PublicQuestion } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiProblem } from '../../../api/api-problem';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { Notice } from '../../../components/visitor-notice';
import { PlayOutcome } from './game-outcome';
import { GameLeaderboard } from './game-leaderboard';
import { mayPlay, recordPlay, refusalInWords, usePlayStart } from './game-plays';
import { answerQuestion, fetchPublicGame, publicGameKeys } from './public-games-api';

/** How often the countdown redraws: often enough to read as smooth, rarely enough for an old phone. */
const TICK_MS = 250;

/** A play in progress with the moment its question's time started on this phone. */
type Asked = { play: PlayView; question: PublicQuestion; startedAt: number };

/**
 * A question's time counts on this phone from when it arrived, not from the server's `asked_at`: a
 * phone's clock may be off by more than a question lasts. A question met again after a reload has
 * been running since it was asked, as far as the phone can tell.
 */
const askedOf = (play: PlayView, resumed: boolean): Asked | null =>
  play.question && { play, question: play.question, startedAt: resumed ? Math.min(Date.now(), Date.parse(play.question.asked_at)) : Date.now() };

/** An answer marked by the server, in words: right or wrong or late, and what it added. */
function verdictOf(answer: AnswerView): string {
  const verdict = answer.late ? 'Time’s up' : answer.correct ? 'Right answer' : 'Wrong answer';
  return answer.points === 0 ? `${verdict}.` : `${verdict}: ${answer.points} added to your score.`;
}

/** One question with its answers as buttons and its countdown; when the time runs out it answers "none" by itself, once. */
function QuestionCard({ asked, pending, onAnswer }: { asked: Asked; pending: boolean; onAnswer(answerId: string | null): void }) {
  const { question, startedAt } = asked;
  const total = question.seconds * 1000;
  const [now, setNow] = useState(Date.now);
  const timedOut = useRef(false);
  const left = Math.max(0, total - (now - startedAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left > 0 || timedOut.current) return;
    timedOut.current = true;
    onAnswer(null);
  });
  const seconds = Math.ceil(left / 1000);
  return (
    <Stack gap="md">
      <Text size="sm" fw={700}>
        Question {question.number} of {question.of}
      </Text>
      <Title order={2} style={BREAK_ANYWHERE}>
        {question.text}
      </Title>
      <Stack gap={4}>
        <Progress value={(left / total) * 100} aria-label="Time left" transitionDuration={TICK_MS} />
        <Text size="sm" role="timer">
          {seconds} {seconds === 1 ? 'second' : 'seconds'} left
        </Text>
      </Stack>
      <Stack gap="sm">
        {question.answers.map((option) => (
          <Button key={option.id} size="lg" variant="default" fullWidth disabled={pending || left === 0} onClick={() => onAnswer(option.id)}>
            <span style={{ whiteSpace: 'normal' }}>{option.label}</span>
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** The nickname the leaderboard shows and the button that starts a quiz. */
function QuizStart({ game, again, onStarted }: { game: PublicGameView; again: boolean; onStarted(play: PlayView): void }) {
  const [nickname, setNickname] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const play = usePlayStart(game);
  const start = () => {
    const checked = PlayGameBody.shape.nickname.safeParse(nickname);
    setInvalid(checked.success ? null : (checked.error.issues[0]?.message ?? 'Check your nickname.'));
    if (checked.success) play.mutate(checked.data, { onSuccess: onStarted });
  };
  return (
    <Stack gap="md">
      <Text>{`${game.questions} ${game.questions === 1 ? 'question' : 'questions'}: answer each before its time runs out.`}</Text>
      {game.leaderboard && (
        <TextInput
          label="Your nickname"
          description="Shown beside your score on the leaderboard."
          maxLength={MAX_NICKNAME}
          value={nickname}
          error={invalid}
          onChange={(event) => setNickname(event.currentTarget.value)}
        />
      )}
      <Button size="lg" loading={play.isPending} disabled={!mayPlay(game)} onClick={start} style={{ alignSelf: 'flex-start' }}>
        {again ? 'Play again' : 'Start the quiz'}
      </Button>
      {play.isError && (
        <Notice tone="refused" title="The quiz did not start">
          <Text size="sm">{refusalInWords(play.error)}</Text>
        </Notice>
      )}
    </Stack>
  );
}

/**
 * The quiz: a nickname and Start, then one question at a time, each answer marked by the server
 * (right or wrong and its points) as the next question comes; at the end the score, the prize if
 * any and the leaderboard. A play left half-way (a reload) carries on at its question.
 */
export function QuizPlay({ game }: { game: PublicGameView }) {
  const queryClient = useQueryClient();
  const latest = game.my_plays[0] ?? null;
  const [asked, setAsked] = useState<Asked | null>(() => (latest && !latest.finished ? askedOf(latest, true) : null));
  const [marked, setMarked] = useState<AnswerView | null>(null);
  // Answered meanwhile (another tab, a retry that got through): carry on where the server is.
  const resync = async () => {
    const now = await queryClient.fetchQuery({ queryKey: publicGameKeys.game(game.game_id), queryFn: () => fetchPublicGame(game.game_id) });
    const mine = now.my_plays[0];
    setAsked(mine && !mine.finished ? askedOf(mine, true) : null);
  };
  const answer = useMutation({
    mutationFn: ({ play, question_id, answer_id }: { play: PlayView; question_id: string; answer_id: string | null }) =>
      answerQuestion(game.game_id, play.play_id, { player_token: game.player_token, question_id, answer_id }),
    onSuccess: (answered) => {
      setMarked(answered);
      setAsked(askedOf(answered.play, false));
      if (answered.play.finished) {
        recordPlay(queryClient, game.game_id, answered.play);
        void queryClient.invalidateQueries({ queryKey: publicGameKeys.leaderboard(game.game_id) });
      }
    },
    onError: (error) => {
      if (error instanceof ApiProblem && error.code === 'game_question_not_asked') void resync();
    },
  });
  const started = (play: PlayView) => {
    setMarked(null);
    setAsked(askedOf(play, false));
    recordPlay(queryClient, game.game_id, play);
  };
  const finished = asked === null && latest?.finished ? latest : null;
  return (
    <Stack gap="lg">
      <Stack gap={4} role="status" aria-live="polite">
        {marked && <Text fw={700}>{verdictOf(marked)}</Text>}
        {asked && asked.play.score !== null && <Text size="sm">Score so far: {asked.play.score}</Text>}
      </Stack>
      {answer.isError && (
        <Notice tone="refused" title="Your answer was not taken">
          <Text size="sm">{refusalInWords(answer.error)}</Text>
          {!(answer.error instanceof ApiProblem && answer.error.status < 500) && (
            <Button mt="xs" variant="default" onClick={() => answer.variables && answer.mutate(answer.variables)}>
              Send it again
            </Button>
          )}
        </Notice>
      )}
      {asked ? (
        <QuestionCard
          key={asked.question.id}
          asked={asked}
          pending={answer.isPending}
          onAnswer={(answerId) => answer.mutate({ play: asked.play, question_id: asked.question.id, answer_id: answerId })}
        />
      ) : (
        <>
          {finished && (
            <Stack gap="md">
              <Title order={2}>Your score: {finished.score ?? 0}</Title>
              <PlayOutcome game={game} play={finished} />
              {game.leaderboard && <GameLeaderboard game={game} period={game.leaderboard.period} />}
            </Stack>
          )}
          <QuizStart game={game} again={finished !== null} onStarted={started} />
        </>
      )}
    </Stack>
  );
}
