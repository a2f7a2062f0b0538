import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CreateProgrammeBody, MAX_STAMPS, UpdateProgrammeBody, type LoyaltyTerms, type ReferralAction } from '@qr/contracts';
import { checked, SaveRefusal, useContractDraft, useTimeZones, type FormErrors, type Setter } from '../promos';
import { draftOf, emptyProgramme, termsOf, unitTitleOf, type ProgrammeDraft } from './loyalty-programme-draft';
import { CampaignRewardsFields, RewardsFields, TiersFields } from './loyalty-programme-lists';

interface FieldsProps {
  draft: ProgrammeDraft;
  set: Setter<ProgrammeDraft>;
  errors: FormErrors;
}

const REFERRAL_ACTION_LABELS: Record<ReferralAction, string> = {
  any: 'Anything that earns',
  scan: 'Scans the venue code',
  form_submitted: 'Sends the code’s form',
  purchase: 'Makes a purchase',
};

function CardFields({ draft, set, errors }: FieldsProps) {
  return (
    <Fieldset legend="The card">
      <Stack gap="sm">
        <TextInput
          label="Programme name"
          placeholder="Coffee card"
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors['terms.name']}
        />
        <Textarea
          label="Description"
          description="What members read on their card."
          autosize
          minRows={2}
          value={draft.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors['terms.description']}
        />
        <Radio.Group label="Kind" value={draft.kind} onChange={(kind) => set({ kind: kind === 'points' ? 'points' : 'stamps' })}>
          <Group mt="xs">
            <Radio value="stamps" label="A stamp card" />
            <Radio value="points" label="Points" />
          </Group>
        </Radio.Group>
        {draft.kind === 'stamps' && (
          <NumberInput
            label="Stamps on a full card"
            min={2}
            max={MAX_STAMPS}
            allowDecimal={false}
            value={draft.stamps_required}
            onChange={(stamps_required) => set({ stamps_required })}
            error={errors['terms.stamps_required']}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

function EarningFields({ draft, set, errors }: FieldsProps) {
  const zones = useTimeZones(draft.time_zone);
  return (
    <Fieldset legend="Earning">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={`${unitTitleOf(draft.kind)} per scan of the venue code`}
            min={0}
            allowDecimal={false}
            value={draft.per_scan}
            onChange={(per_scan) => set({ per_scan })}
            error={errors['terms.earning.per_scan']}
          />
          <NumberInput
            label={`${unitTitleOf(draft.kind)} per form sent`}
            min={0}
            allowDecimal={false}
            value={draft.per_submission}
            onChange={(per_submission) => set({ per_submission })}
            error={errors['terms.earning.per_submission']}
          />
          <NumberInput
            label={`${unitTitleOf(draft.kind)} per unit spent`}
            description="For purchases staff record; 0: purchases earn nothing."
            min={0}
            decimalScale={2}
            value={draft.per_currency_unit}
            onChange={(per_currency_unit) => set({ per_currency_unit })}
            error={errors['terms.earning.per_currency_unit']}
          />
          <TextInput
            label="Currency"
            description="Three letters, e.g. EUR"
            maxLength={3}
            value={draft.currency}
            onChange={(event) => set({ currency: event.currentTarget.value })}
            error={errors['terms.earning.currency']}
          />
          <NumberInput
            label={`Minutes between two ${draft.kind === 'stamps' ? 'stamps' : 'scans'}`}
            description="A member waits this long before the next scan earns again; 0: no wait."
            min={0}
            allowDecimal={false}
            thousandSeparator=","
            value={draft.min_interval_minutes}
            onChange={(min_interval_minutes) => set({ min_interval_minutes })}
            error={errors['terms.min_interval_minutes']}
          />
          <NativeSelect
            label="Time zone"
            description="The venue code changes at midnight here."
            data={zones}
            value={draft.time_zone}
            onChange={(event) => set({ time_zone: event.currentTarget.value })}
            error={errors['terms.time_zone']}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function ReferralFields({ draft, set, errors }: FieldsProps) {
  return (
    <Fieldset legend="Referrals">
      <Stack gap="sm">
        <Checkbox
          label="Reward members who bring friends"
          description="A member shares their own link; a friend who joins with it and then earns brings the reward."
          checked={draft.has_referral}
          onChange={(event) => set({ has_referral: event.currentTarget.checked })}
        />
        {draft.has_referral && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={`${unitTitleOf(draft.kind)} for the member`}
              min={0}
              allowDecimal={false}
              value={draft.referrer_points}
              onChange={(referrer_points) => set({ referrer_points })}
              error={errors['terms.referral.referrer_points']}
            />
            <NumberInput
              label={`${unitTitleOf(draft.kind)} for the friend`}
              min={0}
              allowDecimal={false}
              value={draft.friend_points}
              onChange={(friend_points) => set({ friend_points })}
              error={errors['terms.referral.friend_points']}
            />
            <NativeSelect
              label="Once the friend first"
              data={Object.entries(REFERRAL_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
              value={draft.referral_action}
              onChange={(event) => {
                const action = Object.keys(REFERRAL_ACTION_LABELS).find((key): key is ReferralAction => key === event.currentTarget.value);
                if (action) set({ referral_action: action });
              }}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

function ProgrammeFields(props: FieldsProps & { codeId: string }) {
  return (
    <>
      <CardFields {...props} />
      <EarningFields {...props} />
      <TiersFields {...props} />
      <RewardsFields {...props} />
      <CampaignRewardsFields {...props} />
      <ReferralFields {...props} />
    </>
  );
}

function Submitting({ pending, label, onSubmit, onCancel }: { pending: boolean; label: string; onSubmit(): void; onCancel?: () => void }) {
  return (
    <Group>
      <Button loading={pending} onClick={onSubmit}>
        {label}
      </Button>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Group>
  );
}

/** A new programme on the code, checked with the API's own contract before it is sent. */
export function CreateProgrammeForm({
  orgId,
  codeId,
  pending,
  failure,
  onSubmit,
}: {
  orgId: string;
  codeId: string;
  pending: boolean;
  failure: unknown;
  onSubmit(body: CreateProgrammeBody): void;
}) {
  const { draft, set, setErrors, shown } = useContractDraft(emptyProgramme, failure);
  const submit = () => {
    const result = checked(CreateProgrammeBody, { org_id: orgId, code_id: codeId, terms: termsOf(draft) });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <ProgrammeFields draft={draft} set={set} errors={shown} codeId={codeId} />
      <ErrorsBelow errors={shown} />
      <SaveRefusal failure={failure} title="The programme was not saved" />
      <Submitting pending={pending} label="Create programme" onSubmit={submit} />
    </Stack>
  );
}

/** A saved programme's terms: every edit sends all of them, as the contract asks. */
export function EditProgrammeForm({
  initial,
  codeId,
  pending,
  failure,
  onSubmit,
  onCancel,
}: {
  initial: LoyaltyTerms;
  codeId: string;
  pending: boolean;
  failure: unknown;
  onSubmit(body: UpdateProgrammeBody): void;
  onCancel(): void;
}) {
  const { draft, set, setErrors, shown } = useContractDraft(() => draftOf(initial), failure);
  const submit = () => {
    const result = checked(UpdateProgrammeBody, { terms: termsOf(draft) });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <ProgrammeFields draft={draft} set={set} errors={shown} codeId={codeId} />
      <ErrorsBelow errors={shown} />
      <SaveRefusal failure={failure} title="The programme was not saved" />
      <Submitting pending={pending} label="Save programme" onSubmit={submit} onCancel={onCancel} />
    </Stack>
  );
}

/** A long form's errors are mostly off screen when Create is pressed: this says so beside the button. */
function ErrorsBelow({ errors }: { errors: FormErrors }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {count === 1 ? 'One field needs a change' : `${count} fields need a change`}: see the messages in red above.
    </Text>
  );
}
