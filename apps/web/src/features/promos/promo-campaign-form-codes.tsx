import { Alert, Fieldset, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_PROMO_CODES, PROMO_PATTERN_RANDOM, PromoCharset } from '@qr/contracts';
import { patternSpace, type CodesDraft, type FormErrors } from './promo-campaign-form-draft';

const CHARSET_LABELS: Record<PromoCharset, string> = { digits: 'Digits', letters: 'Letters', alphanumeric: 'Letters and digits' };

/** Sets some of a draft's fields, leaving the others. */
export type Setter<Draft> = (change: Partial<Draft>) => void;

/** How many codes a pattern makes, live, and whether that is enough: the server refuses a space under 10⁶ per code. */
function PatternSpace({ draft }: { draft: CodesDraft }) {
  const space = patternSpace(draft);
  if (space === null) return null;
  const combinations = `This pattern makes ${space.combinations.toLocaleString('en')} different codes.`;
  if (!space.tooSmall) return <Text size="sm">{combinations}</Text>;
  return (
    <Alert color="orange" title="The pattern is too small">
      {combinations}{' '}
      {space.needed === null
        ? 'Issue fewer codes: even the longest mask would make them easy to guess.'
        : `For ${Number(draft.count).toLocaleString('en')} codes the mask needs at least ${space.needed} # characters, so that guessing one is a one-in-a-million chance.`}
    </Alert>
  );
}

export function CodesFields({ draft, set, errors }: { draft: CodesDraft; set: Setter<CodesDraft>; errors: FormErrors }) {
  return (
    <Fieldset legend="Promo codes">
      <Stack gap="sm">
        <Radio.Group label="Codes" value={draft.kind} onChange={(kind) => set({ kind: kind === 'unique' ? 'unique' : 'shared' })}>
          <Stack gap="xs" mt="xs">
            <Radio value="shared" label="One code everybody types" />
            <Radio value="unique" label="Unique codes, each used once" />
          </Stack>
        </Radio.Group>
        {draft.kind === 'shared' ? (
          <TextInput
            label="Promo code"
            placeholder="SUMMER24"
            value={draft.promo_code}
            onChange={(event) => set({ promo_code: event.currentTarget.value })}
            error={errors['codes.promo_code']}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Prefix"
                placeholder="SUMMER-"
                value={draft.prefix}
                onChange={(event) => set({ prefix: event.currentTarget.value })}
                error={errors['codes.pattern.prefix']}
              />
              <TextInput
                label="Mask"
                description={`# for each drawn character (${PROMO_PATTERN_RANDOM.min} to ${PROMO_PATTERN_RANDOM.max}), dashes between`}
                value={draft.mask}
                onChange={(event) => set({ mask: event.currentTarget.value })}
                error={errors['codes.pattern.mask'] ?? errors['codes.pattern']}
              />
              <TextInput
                label="Postfix"
                value={draft.postfix}
                onChange={(event) => set({ postfix: event.currentTarget.value })}
                error={errors['codes.pattern.postfix']}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Characters"
                data={PromoCharset.options.map((value) => ({ value, label: CHARSET_LABELS[value] }))}
                value={draft.charset}
                onChange={(event) => set({ charset: PromoCharset.catch(draft.charset).parse(event.currentTarget.value) })}
              />
              <NumberInput
                label="How many codes"
                description={`1 to ${MAX_PROMO_CODES.toLocaleString('en')}`}
                min={1}
                max={MAX_PROMO_CODES}
                allowDecimal={false}
                thousandSeparator=","
                value={draft.count}
                onChange={(count) => set({ count })}
                error={errors['codes.count']}
              />
            </SimpleGrid>
            <PatternSpace draft={draft} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
