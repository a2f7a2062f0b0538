import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  LeaderboardPeriod,
  MAX_GAME_SCORE,
  MAX_PRIZE_LABEL,
  MAX_QUESTION_SECONDS,
  MAX_QUESTION_TEXT,
  MAX_QUIZ_ANSWERS,
  MAX_QUIZ_QUESTIONS,
  MIN_QUESTION_SECONDS,
  QuizScoring,
  type QuizAnswer,
} from '@qr/contracts';
import { useTimeZones } from '../promos';
import { newAnswer, newQuestion, oneOf, optionsOf, PERIOD_LABELS, type QuestionDraft } from './game-form-draft';
import type { GameFieldsProps } from './game-prize-fields';

function QuestionFields({
  question,
  number,
  errors,
  onChange,
  onRemove,
}: {
  question: QuestionDraft;
  number: number;
  errors: GameFieldsProps['errors'];
  onChange(change: Partial<QuestionDraft>): void;
  onRemove(): void;
}) {
  const at = `quiz.questions.${number - 1}`;
  const relabel = (index: number, label: string) =>
    onChange({ answers: question.answers.map((answer, spot): QuizAnswer => (spot === index ? { ...answer, label } : answer)) });
  const remove = (index: number) => {
    const answers = question.answers.filter((_, spot) => spot !== index);
    // The right answer stays one of the question's, so removing it moves the mark rather than leaving it on nothing.
    onChange({ answers, correct: answers.some((answer) => answer.id === question.correct) ? question.correct : (answers[0]?.id ?? '') });
  };
  return (
    <Fieldset legend={`Question ${number}`}>
      <Stack gap="xs">
        <TextInput
          label="Question"
          maxLength={MAX_QUESTION_TEXT}
          value={question.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          error={errors[`${at}.text`]}
        />
        {question.answers.map((answer, index) => (
          <Group key={answer.id} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={`Answer ${index + 1}`}
              maxLength={MAX_PRIZE_LABEL * 2}
              value={answer.label}
              onChange={(event) => relabel(index, event.currentTarget.value)}
              error={errors[`${at}.answers.${index}.label`]}
              style={{ flex: 1 }}
            />
            <Button variant="subtle" color="red" aria-label={`Remove answer ${index + 1} of question ${number}`} onClick={() => remove(index)}>
              Remove
            </Button>
          </Group>
        ))}
        {errors[`${at}.answers`] && (
          <Text c="red" size="sm" role="alert">
            {errors[`${at}.answers`]}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={question.answers.length >= MAX_QUIZ_ANSWERS}
            onClick={() => onChange({ answers: [...question.answers, newAnswer()] })}
          >
            Add an answer
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Right answer"
            data={question.answers.map((answer, index) => ({ value: answer.id, label: answer.label.trim() || `Answer ${index + 1}` }))}
            value={question.correct}
            onChange={(event) => onChange({ correct: event.currentTarget.value })}
            error={errors[`${at}.correct`]}
          />
          <NumberInput
            label="Seconds to answer"
            min={MIN_QUESTION_SECONDS}
            max={MAX_QUESTION_SECONDS}
            allowDecimal={false}
            value={question.seconds}
            onChange={(seconds) => onChange({ seconds })}
            error={errors[`${at}.seconds`]}
          />
        </SimpleGrid>
        <Button variant="subtle" color="red" aria-label={`Remove question ${number}`} onClick={onRemove} style={{ alignSelf: 'flex-start' }}>
          Remove question
        </Button>
      </Stack>
    </Fieldset>
  );
}

const SCORING_LABELS: Record<QuizScoring, string> = {
  points: 'Points: right answers score, faster ones more',
  time: 'Time: the lowest total time wins, wrong answers cost the whole time',
};

/** A quiz's questions, its scoring and the score a prize needs; each question and answer keeps its id, as the plays name them. */
export function QuizFields({ draft, set, errors }: GameFieldsProps) {
  const change = (index: number, change: Partial<QuestionDraft>) =>
    set({ questions: draft.questions.map((question, at) => (at === index ? { ...question, ...change } : question)) });
  return (
    <Stack gap="xs">
      <Text fw={600}>Questions</Text>
      {draft.questions.map((question, index) => (
        <QuestionFields
          key={question.id}
          question={question}
          number={index + 1}
          errors={errors}
          onChange={(next) => change(index, next)}
          onRemove={() => set({ questions: draft.questions.filter((_, at) => at !== index) })}
        />
      ))}
      {(errors['quiz.questions'] ?? errors['quiz']) && (
        <Text c="red" size="sm" role="alert">
          {errors['quiz.questions'] ?? errors['quiz']}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          disabled={draft.questions.length >= MAX_QUIZ_QUESTIONS}
          onClick={() => set({ questions: [...draft.questions, newQuestion()] })}
        >
          Add a question
        </Button>
      </Group>
      <Radio.Group
        label="Scoring"
        value={draft.scoring}
        onChange={(picked) => {
          const scoring = oneOf(QuizScoring.options, picked);
          if (scoring) set({ scoring, order: scoring === 'time' ? 'asc' : 'desc' });
        }}
      >
        <Stack gap="xs" mt="xs">
          {QuizScoring.options.map((scoring) => (
            <Radio key={scoring} value={scoring} label={SCORING_LABELS[scoring]} />
          ))}
        </Stack>
      </Radio.Group>
      <NumberInput
        label="Score needed to win"
        description={
          draft.scoring === 'time'
            ? 'At most this many tenths of a second in all; empty: every finished quiz draws a prize'
            : 'At least this many points; empty: every finished quiz draws a prize'
        }
        min={0}
        max={MAX_GAME_SCORE}
        allowDecimal={false}
        value={draft.win_score}
        onChange={(win_score) => set({ win_score })}
        error={errors['quiz.win_score']}
      />
    </Stack>
  );
}

/** The board of each player's best score: off, or its order, the period it is reset on and the time zone that period is counted in. */
export function LeaderboardFields({ draft, set, errors }: GameFieldsProps) {
  const zones = useTimeZones(draft.time_zone);
  return (
    <Fieldset legend="Leaderboard">
      <Stack gap="xs">
        <Checkbox
          label="Show a leaderboard of the best scores"
          checked={draft.leaderboard}
          onChange={(event) => set({ leaderboard: event.currentTarget.checked })}
        />
        {draft.leaderboard && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Leads"
              data={[
                { value: 'desc', label: 'The highest score' },
                { value: 'asc', label: 'The lowest score' },
              ]}
              value={draft.order}
              onChange={(event) => set({ order: event.currentTarget.value === 'asc' ? 'asc' : 'desc' })}
              error={errors['leaderboard.order']}
            />
            <NativeSelect
              label="A new board starts"
              data={optionsOf(PERIOD_LABELS)}
              value={draft.period}
              onChange={(event) => {
                const period = oneOf(LeaderboardPeriod.options, event.currentTarget.value);
                if (period) set({ period });
              }}
              error={errors['leaderboard.period']}
            />
            <NativeSelect
              label="Time zone"
              description="Days, weeks and months start here"
              data={zones}
              value={draft.time_zone}
              onChange={(event) => set({ time_zone: event.currentTarget.value })}
              error={errors['leaderboard.time_zone']}
            />
          </SimpleGrid>
        )}
        {errors['leaderboard'] && (
          <Text c="red" size="sm" role="alert">
            {errors['leaderboard']}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
