import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { RegisterMemberBody, type PublicProgrammeView } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/visitor-notice';
import { ApiProblem } from '../../../api/api-problem';
import { inWords, refusalCode } from './loyalty-refusals';
import { keepCardId, registerMember } from './public-loyalty-api';

type Field = 'email' | 'phone' | 'name' | 'referred_by_number';
const FIELDS: readonly string[] = ['email', 'phone', 'name'] satisfies Field[];
/** Field errors by field, and the form's own under ''. */
type Errors = Partial<Record<Field | '', string>>;

/** The first message of each field, from the contract's issues or the API's `body.<field>` errors. */
function errorsByField(issues: { field: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { field, message } of issues) {
    const name = field.replace(/^body\./, '');
    errors[FIELDS.includes(name) ? (name as Field) : ''] ??= message;
  }
  return errors;
}

/** Refusals that concern the invitation rather than the visitor: joining again goes without it. */
const REFERRAL_REFUSALS = new Set(['loyalty_self_referral', 'loyalty_already_referred']);

/**
 * Joining (spec §7 "register reward"): an email or a phone number in international form, a name if
 * the visitor likes, checked with the very contract the API parses with. A friend's invitation
 * (`referrer`, decoded from the link) goes along as `referral_email`; without a link, a friend's
 * phone number typed in goes as `referred_by_number` (spec §7 "refer subscription").
 */
export function JoinForm({
  programme,
  referrer,
  collectsStamp,
  onJoined,
}: {
  programme: PublicProgrammeView;
  referrer: string | null;
  /** The visitor arrived with today's venue code: the stamp is collected once they have joined. */
  collectsStamp: boolean;
  onJoined: (cardId: string) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', phone: '', name: '', referred_by_number: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [invitedBy, setInvitedBy] = useState(referrer);
  const [joining, setJoining] = useState(false);

  const change = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((before) => ({ ...before, [field]: value }));
  };

  async function join(event: FormEvent) {
    event.preventDefault();
    if (joining) return;
    const given = (field: Field) => (values[field].trim() === '' ? undefined : values[field]);
    const parsed = RegisterMemberBody.safeParse({
      programme_id: programme.programme_id,
      email: given('email'),
      phone: given('phone'),
      name: given('name'),
      referral_email: invitedBy ?? undefined,
      referred_by_number: invitedBy === null && programme.referral ? given('referred_by_number') : undefined,
    });
    if (!parsed.success) return setErrors(errorsByField(parsed.error.issues.map(({ path, message }) => ({ field: String(path[0] ?? ''), message }))));
    setErrors({});
    setJoining(true);
    try {
      const { card_id } = await registerMember(parsed.data);
      keepCardId(programme.programme_id, card_id);
      onJoined(card_id);
    } catch (error) {
      const code = refusalCode(error);
      if (code !== undefined && REFERRAL_REFUSALS.has(code)) {
        setInvitedBy(null);
        setValues((before) => ({ ...before, referred_by_number: '' }));
      }
      const fields = error instanceof ApiProblem && code === 'validation_failed' ? errorsByField(error.errors) : {};
      setErrors(Object.keys(fields).length > 0 ? fields : { '': inWords(error) });
    } finally {
      setJoining(false);
    }
  }

  return (
    <form onSubmit={join} noValidate aria-labelledby="loyalty-join">
      <Stack gap="sm">
        <Title order={2} id="loyalty-join">
          Get your card
        </Title>
        {invitedBy && (
          <Text>
            Invited by <strong>{invitedBy}</strong>
          </Text>
        )}
        <Text>Your email or your phone number: one is enough.{collectsStamp ? ' Your stamp for today is added once you have joined.' : ''}</Text>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          size="md"
          value={values.email}
          error={errors.email}
          onChange={change('email')}
        />
        <TextInput
          label="Phone number"
          description="In international form, starting with +, such as +44 20 7946 0958"
          type="tel"
          name="phone"
          autoComplete="tel"
          size="md"
          value={values.phone}
          error={errors.phone}
          onChange={change('phone')}
        />
        <TextInput
          label="Name (optional)"
          name="name"
          autoComplete="name"
          size="md"
          maxLength={80}
          value={values.name}
          error={errors.name}
          onChange={change('name')}
        />
        {invitedBy === null && programme.referral && (
          <TextInput
            label="Invited by a friend? Their number (optional)"
            description="In international form, as they gave it when they joined"
            type="tel"
            name="referred_by_number"
            size="md"
            value={values.referred_by_number}
            error={errors.referred_by_number}
            onChange={change('referred_by_number')}
          />
        )}
        {errors[''] && (
          <Notice tone="refused" title="Not joined">
            <Text size="sm">{errors['']}</Text>
          </Notice>
        )}
        <Button type="submit" size="md" fullWidth loading={joining}>
          Join
        </Button>
      </Stack>
    </form>
  );
}
