import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { MAX_WORD_LENGTH, MAX_WORDS_PER_VOTE, type PollBallot, type PublicPollView } from '@qr/contracts';

/** What the voter has picked so far; words as typed, one input each. */
export interface BallotDraft {
  choices: string[];
  rating: number | null;
  words: string[];
}

export const ballotDraftOf = (vote: PollBallot | null): BallotDraft => ({
  choices: vote?.choices ?? [],
  rating: vote?.rating ?? null,
  words: Array.from({ length: MAX_WORDS_PER_VOTE }, (_, index) => vote?.words[index] ?? ''),
});

/** The ballot to send, or what is missing from it in words: said before the server would refuse it. */
export function ballotOf(poll: PublicPollView, draft: BallotDraft): { ballot: PollBallot; missing: null } | { ballot: null; missing: string } {
  if (poll.kind === 'rating') {
    return draft.rating === null ? { ballot: null, missing: 'Pick a rating.' } : { ballot: { choices: [], rating: draft.rating, words: [] }, missing: null };
  }
  if (poll.kind === 'word_cloud') {
    const words = draft.words.map((word) => word.trim()).filter((word) => word !== '');
    return words.length === 0 ? { ballot: null, missing: 'Give at least one word.' } : { ballot: { choices: [], rating: null, words }, missing: null };
  }
  if (draft.choices.length === 0) return { ballot: null, missing: poll.kind === 'single' ? 'Pick an option.' : 'Pick at least one option.' };
  return { ballot: { choices: draft.choices, rating: null, words: [] }, missing: null };
}

/** A vote in words, as the voter's page says it back: "Tea, Coffee", "4 of 5", "sunny, warm". */
export function voteInWords(poll: PublicPollView, vote: PollBallot): string {
  if (poll.kind === 'rating') return `${vote.rating ?? '–'} of ${poll.rating_max}`;
  if (poll.kind === 'word_cloud') return vote.words.join(', ');
  return vote.choices.map((id) => poll.options.find((option) => option.id === id)?.label ?? id).join(', ');
}

/** The rating's values as buttons large enough for a thumb, the picked one pressed. */
function RatingButtons({ max, value, onChange }: { max: number; value: number | null; onChange(rating: number): void }) {
  return (
    <Stack gap={4}>
      <Text fw={600} id="rating-label">
        Your rating, from 1 to {max}
      </Text>
      <Group gap="xs" role="group" aria-labelledby="rating-label">
        {Array.from({ length: max }, (_, index) => index + 1).map((rating) => (
          <Button
            key={rating}
            size="lg"
            miw={48}
            px="sm"
            variant={value === rating ? 'filled' : 'default'}
            aria-pressed={value === rating}
            onClick={() => onChange(rating)}
          >
            {rating}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The inputs of a vote, by the poll's kind. */
export function BallotFields({ poll, draft, onChange }: { poll: PublicPollView; draft: BallotDraft; onChange(draft: BallotDraft): void }) {
  if (poll.kind === 'single') {
    return (
      <Radio.Group label="Your answer" value={draft.choices[0] ?? null} onChange={(choice) => onChange({ ...draft, choices: [choice] })}>
        <Stack gap="sm" mt="xs">
          {poll.options.map((option) => (
            <Radio key={option.id} value={option.id} label={option.label} size="md" />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  if (poll.kind === 'multiple') {
    const full = draft.choices.length >= poll.max_choices;
    return (
      <Checkbox.Group
        label="Your answers"
        description={poll.max_choices === 1 ? 'Pick one.' : `Pick up to ${poll.max_choices}.`}
        value={draft.choices}
        onChange={(choices) => onChange({ ...draft, choices: choices.slice(0, poll.max_choices) })}
      >
        <Stack gap="sm" mt="xs">
          {poll.options.map((option) => (
            <Checkbox key={option.id} value={option.id} label={option.label} size="md" disabled={full && !draft.choices.includes(option.id)} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (poll.kind === 'rating') return <RatingButtons max={poll.rating_max} value={draft.rating} onChange={(rating) => onChange({ ...draft, rating })} />;
  return (
    <Stack gap="xs">
      <Text fw={600}>Up to {MAX_WORDS_PER_VOTE} words</Text>
      {draft.words.map((word, index) => (
        <TextInput
          key={index}
          label={`Word ${index + 1}`}
          maxLength={MAX_WORD_LENGTH}
          value={word}
          onChange={(event) => onChange({ ...draft, words: draft.words.map((before, at) => (at === index ? event.currentTarget.value : before)) })}
        />
      ))}
    </Stack>
  );
}
