import { Button, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CreateGameBody, GAME_KINDS, MAX_GAME_NAME, MAX_PLAYS_PER_WINDOW, UpdateGameBody, type CodeNameView, type GameView } from '@qr/contracts';
import { useState } from 'react';
import { checked, SaveRefusal, useContractDraft } from '../promos';
import { draftOf, emptyGame, KIND_LABELS, LIMIT_CHOICES, LIMIT_LABELS, oneOf, optionsOf, termsOf } from './game-form-draft';
import { PrizesFields, type GameFieldsProps } from './game-prize-fields';
import { LeaderboardFields, QuizFields } from './game-quiz-fields';

function DrawFields({ draft, set, errors }: GameFieldsProps) {
  return (
    <Fieldset legend="How plays win">
      <Stack gap="xs">
        <Radio.Group label="Draw" value={draft.draw} onChange={(picked) => set({ draw: picked === 'instant_win' ? 'instant_win' : 'odds' })}>
          <Stack gap="xs" mt="xs">
            <Radio value="odds" label="Odds: each play draws against the prizes’ chances" />
            <Radio value="instant_win" label="Instant win: the stock is spread over the campaign as winning moments" />
          </Stack>
        </Radio.Group>
        {draft.draw === 'instant_win' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label="Starts"
              description="In this browser’s time"
              value={draft.starts_at}
              onChange={(event) => set({ starts_at: event.currentTarget.value })}
              error={errors['draw.starts_at'] && (draft.starts_at === '' ? 'Pick when the campaign starts.' : errors['draw.starts_at'])}
            />
            <TextInput
              type="datetime-local"
              label="Ends"
              description="In this browser’s time"
              value={draft.ends_at}
              onChange={(event) => set({ ends_at: event.currentTarget.value })}
              error={errors['draw.ends_at'] && (draft.ends_at === '' ? 'Pick when the campaign ends.' : errors['draw.ends_at'])}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

function PlayLimitFields({ draft, set, errors }: GameFieldsProps) {
  return (
    <Fieldset legend="Play limit">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label="Limit"
          description="Rolling windows back from each play"
          data={optionsOf(LIMIT_LABELS)}
          value={draft.limit_per}
          onChange={(event) => {
            const limit_per = oneOf(LIMIT_CHOICES, event.currentTarget.value);
            if (limit_per) set({ limit_per });
          }}
          error={errors['play_limit.per'] ?? errors['play_limit']}
        />
        {draft.limit_per !== 'none' && (
          <NumberInput
            label="Plays per player"
            min={1}
            max={MAX_PLAYS_PER_WINDOW}
            allowDecimal={false}
            value={draft.limit_plays}
            onChange={(limit_plays) => set({ limit_plays })}
            error={errors['play_limit.plays']}
          />
        )}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Every part of a game's terms; the kind is fixed once the game exists, as the server keeps it. */
function GameFields({ draft, set, errors, orgId, codeId, kindFixed }: GameFieldsProps & { orgId: string; codeId: string; kindFixed: boolean }) {
  return (
    <>
      <TextInput
        label="Game name"
        placeholder="Spin for a coffee"
        maxLength={MAX_GAME_NAME}
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={errors['name']}
      />
      <Radio.Group
        label="Kind"
        description={kindFixed ? 'A game keeps its kind.' : undefined}
        value={draft.kind}
        onChange={(picked) => {
          const kind = oneOf(GAME_KINDS, picked);
          if (kind) set({ kind });
        }}
        error={errors['kind']}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
          {GAME_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={KIND_LABELS[kind]} disabled={kindFixed} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {draft.kind === 'quiz' && <QuizFields draft={draft} set={set} errors={errors} />}
      <PrizesFields draft={draft} set={set} errors={errors} orgId={orgId} codeId={codeId} />
      <DrawFields draft={draft} set={set} errors={errors} />
      <PlayLimitFields draft={draft} set={set} errors={errors} />
      {draft.kind === 'quiz' && <LeaderboardFields draft={draft} set={set} errors={errors} />}
    </>
  );
}

interface SaveProps<Body> {
  pending: boolean;
  failure: unknown;
  onSubmit(body: Body): void;
}

/** Spec §1 "games": a new game on one of the organisation's codes, checked with the API's own contract before it is sent. */
export function CreateGameForm({ orgId, codes, pending, failure, onSubmit }: SaveProps<CreateGameBody> & { orgId: string; codes: readonly CodeNameView[] }) {
  const { draft, set, setErrors, shown } = useContractDraft(emptyGame, failure);
  const [codeId, setCodeId] = useState('');
  const submit = () => {
    const result = checked(CreateGameBody, { ...termsOf(draft), org_id: orgId, code_id: codeId });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <NativeSelect
        label="Code"
        description="The QR code the game belongs to: its plays count in the code’s analytics, and its prizes come from the code’s campaigns and programmes."
        data={[{ value: '', label: 'Pick a code' }, ...codes.map((code) => ({ value: code.code_id, label: code.name }))]}
        value={codeId}
        onChange={(event) => setCodeId(event.currentTarget.value)}
        error={shown['code_id'] && 'Pick the code the game belongs to.'}
      />
      <GameFields draft={draft} set={set} errors={shown} orgId={orgId} codeId={codeId} kindFixed={false} />
      <SaveRefusal failure={failure} title="The game was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Create game
        </Button>
      </Group>
    </Stack>
  );
}

/** A game's terms; the server keeps a won prize's stock at its winners and a played quiz's questions (`game_has_plays`). */
export function EditGameForm({ game, pending, failure, onSubmit, onCancel }: SaveProps<UpdateGameBody> & { game: GameView; onCancel(): void }) {
  const { draft, set, setErrors, shown } = useContractDraft(() => draftOf(game), failure);
  const submit = () => {
    const result = checked(UpdateGameBody, termsOf(draft));
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <GameFields draft={draft} set={set} errors={shown} orgId={game.org_id} codeId={game.code_id} kindFixed />
      <SaveRefusal failure={failure} title="The game was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Save game
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
