import type { PollKind, PollOption, PollView } from '@qr/contracts';

/**
 * What the poll form holds while staff type: numbers as the inputs give them (a string while half
 * typed). It becomes the contract's body only on submit, so what the contract refuses is said by it.
 */
export interface PollDraft {
  question: string;
  kind: PollKind;
  options: PollOption[];
  max_choices: number | string;
  rating_max: number | string;
  allow_change: boolean;
  results_hidden: boolean;
}

export const isChoice = (kind: PollKind): boolean => kind === 'single' || kind === 'multiple';

/** An option with an id of its own: votes name the id, so relabelling an option keeps its votes. */
export const newOption = (label = ''): PollOption => ({ id: crypto.randomUUID(), label });

export const emptyPoll = (): PollDraft => ({
  question: '',
  kind: 'single',
  options: [newOption(), newOption()],
  max_choices: 2,
  rating_max: 5,
  allow_change: true,
  results_hidden: false,
});

/** An empty number input is missing, so the contract's default applies or its message names the field. */
const numberOf = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/**
 * The draft as PollTerms' input. Only the kind's own fields are sent: the options a choice poll was
 * given stay in the form when staff try another kind, but a rating poll is not sent them.
 */
export function termsOf(draft: PollDraft): Record<string, unknown> {
  return {
    question: draft.question,
    kind: draft.kind,
    options: isChoice(draft.kind) ? draft.options : [],
    max_choices: draft.kind === 'multiple' ? numberOf(draft.max_choices) : 1,
    rating_max: draft.kind === 'rating' ? numberOf(draft.rating_max) : undefined,
    allow_change: draft.allow_change,
  };
}

/** A saved poll, back in the form's shape for editing. */
export function draftOf(poll: PollView): PollDraft {
  return {
    question: poll.question,
    kind: poll.kind,
    options: poll.options.length > 0 ? poll.options : [newOption(), newOption()],
    max_choices: poll.max_choices,
    rating_max: poll.rating_max,
    allow_change: poll.allow_change,
    results_hidden: poll.results_hidden,
  };
}

export const KIND_LABELS: Record<PollKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  rating: 'Rating',
  word_cloud: 'Word cloud',
};
