import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CreatePromoCampaignBody, MAX_PROMO_RADIUS_M, UpdatePromoCampaignBody, type PromoMasterKeyView, type PromoOffer, type PromoTerms } from '@qr/contracts';
import { useMemo, useState } from 'react';
import { CodesFields, type Setter } from './promo-campaign-form-codes';
import { SaveRefusal } from './contract-form';
import { checked, codesOf, draftOf, emptyCodes, emptyTerms, serverErrors, termsOf, type FormErrors, type TermsDraft } from './promo-campaign-form-draft';

const OFFER_KINDS: { value: PromoOffer['kind']; label: string }[] = [
  { value: 'text', label: 'A message' },
  { value: 'percent_off', label: 'Percent off' },
  { value: 'amount_off', label: 'Amount off' },
  { value: 'reward', label: 'A reward at the counter' },
];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The browser's IANA zones (UTC first), with the draft's own in front when the browser does not know it. */
export function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
    return zones.has(current) ? [...zones] : [current, ...zones];
  }, [current]);
}

function OfferFields({ draft, set, errors }: { draft: TermsDraft; set: Setter<TermsDraft>; errors: FormErrors }) {
  return (
    <Fieldset legend="What it gives">
      <Stack gap="sm">
        <Radio.Group
          label="Kind of offer"
          value={draft.offer_kind}
          onChange={(picked) => {
            const kind = OFFER_KINDS.find(({ value }) => value === picked);
            if (kind) set({ offer_kind: kind.value });
          }}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {OFFER_KINDS.map((kind) => (
              <Radio key={kind.value} value={kind.value} label={kind.label} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <TextInput
          label="What the visitor reads"
          placeholder="A free coffee with any cake"
          value={draft.offer_text}
          onChange={(event) => set({ offer_text: event.currentTarget.value })}
          error={errors['terms.offer.text']}
        />
        {draft.offer_kind === 'percent_off' && (
          <NumberInput
            label="Discount in percent"
            min={0}
            max={100}
            value={draft.percent}
            onChange={(percent) => set({ percent })}
            error={errors['terms.offer.percent']}
          />
        )}
        {draft.offer_kind === 'amount_off' && (
          <Group grow align="flex-start">
            <NumberInput
              label="Amount off"
              min={0}
              decimalScale={2}
              value={draft.amount}
              onChange={(amount) => set({ amount })}
              error={errors['terms.offer.amount']}
            />
            <TextInput
              label="Currency"
              description="Three letters, e.g. EUR"
              maxLength={3}
              value={draft.currency}
              onChange={(event) => set({ currency: event.currentTarget.value })}
              error={errors['terms.offer.currency']}
            />
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

function WhenFields({ draft, set, errors }: { draft: TermsDraft; set: Setter<TermsDraft>; errors: FormErrors }) {
  const zones = useTimeZones(draft.time_zone);
  return (
    <Fieldset legend="When it is valid">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Starts"
            description="In this browser’s time; empty: from now on"
            value={draft.starts_at}
            onChange={(event) => set({ starts_at: event.currentTarget.value })}
            error={errors['terms.starts_at']}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            description="In this browser’s time; empty: no end"
            value={draft.ends_at}
            onChange={(event) => set({ ends_at: event.currentTarget.value })}
            error={errors['terms.ends_at']}
          />
        </SimpleGrid>
        <Checkbox.Group label="Days of the week" value={draft.days} onChange={(days) => set({ days })} error={errors['terms.days']}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {WEEKDAY_NAMES.map((day, index) => (
              <Checkbox key={day} value={String(index + 1)} label={day} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox label="Only at certain hours" checked={draft.has_hours} onChange={(event) => set({ has_hours: event.currentTarget.checked })} />
        {draft.has_hours && (
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label="From"
              value={draft.hours_from}
              onChange={(event) => set({ hours_from: event.currentTarget.value })}
              error={errors['terms.hours.from']}
            />
            <TextInput
              type="time"
              label="Until"
              description="Before “From” runs past midnight"
              value={draft.hours_until}
              onChange={(event) => set({ hours_until: event.currentTarget.value })}
              error={errors['terms.hours.until'] ?? errors['terms.hours']}
            />
          </Group>
        )}
        <NativeSelect
          label="Time zone"
          description="The days and hours are counted in this time zone."
          data={zones}
          value={draft.time_zone}
          onChange={(event) => set({ time_zone: event.currentTarget.value })}
          error={errors['terms.time_zone']}
        />
      </Stack>
    </Fieldset>
  );
}

function LimitAndPlaceFields({ draft, set, errors }: { draft: TermsDraft; set: Setter<TermsDraft>; errors: FormErrors }) {
  return (
    <Fieldset legend="Limits and place">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Total limit"
            description="Empty: no limit"
            min={1}
            allowDecimal={false}
            thousandSeparator=","
            value={draft.total_limit}
            onChange={(total_limit) => set({ total_limit })}
            error={errors['terms.total_limit']}
          />
          <NumberInput
            label="Per visitor"
            description="Empty: no limit"
            min={1}
            allowDecimal={false}
            value={draft.per_visitor_limit}
            onChange={(per_visitor_limit) => set({ per_visitor_limit })}
            error={errors['terms.per_visitor_limit']}
          />
        </SimpleGrid>
        <Checkbox label="Only at a place" checked={draft.has_place} onChange={(event) => set({ has_place: event.currentTarget.checked })} />
        {draft.has_place && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Latitude"
                decimalScale={6}
                value={draft.latitude}
                onChange={(latitude) => set({ latitude })}
                error={errors['terms.place.latitude']}
              />
              <NumberInput
                label="Longitude"
                decimalScale={6}
                value={draft.longitude}
                onChange={(longitude) => set({ longitude })}
                error={errors['terms.place.longitude']}
              />
              <NumberInput
                label="Radius in metres"
                min={1}
                max={MAX_PROMO_RADIUS_M}
                value={draft.radius_m}
                onChange={(radius_m) => set({ radius_m })}
                error={errors['terms.place.radius_m']}
              />
            </SimpleGrid>
            <Checkbox
              label="Allow visitors without location"
              description="A visitor who does not share their location may still redeem."
              checked={draft.allow_without_location}
              onChange={(event) => set({ allow_without_location: event.currentTarget.checked })}
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}

function TermsFields(props: { draft: TermsDraft; set: Setter<TermsDraft>; errors: FormErrors }) {
  return (
    <>
      <TextInput
        label="Campaign name"
        placeholder="Summer coffee"
        value={props.draft.name}
        onChange={(event) => props.set({ name: event.currentTarget.value })}
        error={props.errors['terms.name']}
      />
      <OfferFields {...props} />
      <WhenFields {...props} />
      <LimitAndPlaceFields {...props} />
    </>
  );
}

function useDraft<Draft>(initial: () => Draft): [Draft, Setter<Draft>] {
  const [draft, setDraft] = useState(initial);
  return [draft, (change) => setDraft((current) => ({ ...current, ...change }))];
}

/** Spec §7 "create promo code": a campaign of the code, checked with the API's own contract before it is sent. */
export function CreateCampaignForm({
  orgId,
  codeId,
  masterKeys,
  pending,
  failure,
  onSubmit,
}: {
  orgId: string;
  codeId: string;
  masterKeys: readonly PromoMasterKeyView[];
  pending: boolean;
  failure: unknown;
  onSubmit(body: CreatePromoCampaignBody): void;
}) {
  const [terms, setTerms] = useDraft(emptyTerms);
  const [codes, setCodes] = useDraft(emptyCodes);
  const [masterKeyId, setMasterKeyId] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const shown = { ...serverErrors(failure), ...errors };
  const submit = () => {
    const result = checked(CreatePromoCampaignBody, {
      org_id: orgId,
      code_id: codeId,
      codes: codesOf(codes),
      terms: termsOf(terms),
      master_key_id: masterKeyId === '' ? null : masterKeyId,
    });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <TermsFields draft={terms} set={setTerms} errors={shown} />
      <CodesFields draft={codes} set={setCodes} errors={shown} />
      <NativeSelect
        label="Master key"
        description="With a key, staff unlock each code at the counter."
        data={[{ value: '', label: 'No master key' }, ...masterKeys.map((key) => ({ value: key.key_id, label: key.name }))]}
        value={masterKeyId}
        onChange={(event) => setMasterKeyId(event.currentTarget.value)}
        error={shown['master_key_id']}
      />
      <SaveRefusal failure={failure} title="The campaign was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Create campaign
        </Button>
      </Group>
    </Stack>
  );
}

/** The terms of a saved campaign: every edit sends all of them, as the contract asks. */
export function EditTermsForm({
  initial,
  pending,
  failure,
  onSubmit,
  onCancel,
}: {
  initial: PromoTerms;
  pending: boolean;
  failure: unknown;
  onSubmit(body: UpdatePromoCampaignBody): void;
  onCancel(): void;
}) {
  const [terms, setTerms] = useDraft(() => draftOf(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const shown = { ...serverErrors(failure), ...errors };
  const submit = () => {
    const result = checked(UpdatePromoCampaignBody, { terms: termsOf(terms) });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <TermsFields draft={terms} set={setTerms} errors={shown} />
      <SaveRefusal failure={failure} title="The campaign was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Save terms
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
