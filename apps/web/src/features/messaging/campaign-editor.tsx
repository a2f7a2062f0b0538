import {
  Alert,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateCampaignBody,
  MAX_SMS_LENGTH,
  PERSONAL_FIELDS,
  renderTemplate,
  ScheduleCampaignBody,
  TestCampaignBody,
  UpdateCampaignBody,
  type CampaignView,
  type MessagingChannel,
  type PersonalValues,
  type QrImageFormat,
} from '@qr/contracts';
import { useRef, useState } from 'react';
import { describeError } from '../../api/api-problem';
import { codeKeys, codesApi } from '../codes';
import { checked, serverErrors, type FormErrors, type Setter } from '../promos';
import { AudienceFields, AudiencePreview, useAudiencePreview } from './campaign-audience';
import { contentOf, draftOf, emptyDraft, insertField, sampleValues, scheduleOf, smsLength, type CampaignDraft } from './campaign-draft';
import { campaignsApi, messagingKeys } from './messaging-api';
import { PhonePreview } from './phone-preview';

export const CHANNEL_LABELS: Record<MessagingChannel, string> = { email: 'Email', push: 'Push notification', sms: 'SMS' };
const FIELD_LABELS: Record<(typeof PERSONAL_FIELDS)[number], string> = {
  first_name: 'First name',
  last_name: 'Last name',
  name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  organization_name: 'Organisation',
  code_url: 'Code link',
  unsubscribe_url: 'Unsubscribe link',
};
const QR_TYPES: QrImageFormat[] = ['png', 'svg', 'pdf'];

function MessageFields({ draft, set, errors, values }: { draft: CampaignDraft; set: Setter<CampaignDraft>; errors: FormErrors; values: PersonalValues }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (field: string) => {
    const next = insertField(draft.message, field, area.current?.selectionStart ?? null);
    set({ message: next.text });
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
  };
  // What a phone receives costs the segments: counted with the sample recipient's values filled in.
  const length = smsLength(renderTemplate(draft.message, values));
  return (
    <Fieldset legend="Message">
      <Stack gap="sm">
        {draft.channel !== 'sms' && (
          <TextInput
            label={draft.channel === 'email' ? 'Subject' : 'Title'}
            value={draft.subject}
            onChange={(event) => set({ subject: event.currentTarget.value })}
            error={errors['subject']}
          />
        )}
        <Textarea
          ref={area}
          label="Message"
          description="Personal fields are filled in for each recipient."
          autosize
          minRows={4}
          value={draft.message}
          onChange={(event) => set({ message: event.currentTarget.value })}
          error={errors['message']}
        />
        {draft.channel === 'sms' && (
          <Text size="sm" c={length.characters > MAX_SMS_LENGTH ? 'red' : 'dimmed'} aria-live="polite">
            {`${length.characters.toLocaleString('en')} characters (${length.encoding}) · ${length.segments === 1 ? '1 segment' : `${length.segments} segments`} with the sample recipient’s values`}
          </Text>
        )}
        <Group gap={6} role="group" aria-label="Insert a personal field">
          {PERSONAL_FIELDS.map((field) => (
            <Button key={field} size="compact-xs" variant="light" onClick={() => insert(field)} aria-label={`Insert ${FIELD_LABELS[field]}`}>
              {FIELD_LABELS[field]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Fieldset>
  );
}

function QrFields({ draft, set, errors }: { draft: CampaignDraft; set: Setter<CampaignDraft>; errors: FormErrors }) {
  return (
    <Fieldset legend="QR codes">
      <Stack gap="sm">
        <Checkbox
          label="Attach a one-time QR code of the campaign’s code to each email"
          checked={draft.qr_enabled}
          onChange={(event) => set({ qr_enabled: event.currentTarget.checked })}
        />
        {errors['qr'] && (
          <Text c="red" size="sm">
            {errors['qr']}
          </Text>
        )}
        {draft.qr_enabled && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <NativeSelect
              label="Image type"
              data={QR_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))}
              value={draft.qr_type}
              onChange={(event) => set({ qr_type: QR_TYPES.find((type) => type === event.currentTarget.value) ?? 'png' })}
            />
            <NumberInput label="Width in px" min={64} max={2048} value={draft.qr_width} onChange={(qr_width) => set({ qr_width })} error={errors['qr.width']} />
            <NumberInput
              label="Height in px"
              min={64}
              max={2048}
              value={draft.qr_height}
              onChange={(qr_height) => set({ qr_height })}
              error={errors['qr.height']}
            />
            <NativeSelect
              label="Placement"
              data={[
                { value: 'inline', label: 'In the message' },
                { value: 'attachment', label: 'As an attachment' },
              ]}
              value={draft.qr_placement}
              onChange={(event) => set({ qr_placement: event.currentTarget.value === 'attachment' ? 'attachment' : 'inline' })}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

type Action = { kind: 'save' } | { kind: 'test'; to: string } | { kind: 'schedule'; send_at?: string };

/**
 * A campaign's editor, for a new one or a draft: audience, message, QR codes, a preview on a phone,
 * a test send and its schedule. Each action saves the draft first, checked with the API's own contract.
 */
export function CampaignEditor({
  orgId,
  organizationName,
  initial,
  channels,
  codeId = '',
  onScheduled,
}: {
  orgId: string;
  organizationName: string;
  initial?: CampaignView;
  channels: readonly MessagingChannel[];
  codeId?: string;
  onScheduled(campaign: CampaignView): void;
}) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<CampaignDraft>(() => (initial ? draftOf(initial) : emptyDraft(channels[0] ?? 'email', codeId)));
  const set: Setter<CampaignDraft> = (change) => setDraft((current) => ({ ...current, ...change }));
  const [testTo, setTestTo] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const preview = useAudiencePreview(orgId, draft);

  const act = useMutation({
    mutationFn: async (action: Action) => {
      const content = contentOf(draft);
      const campaign = saved
        ? await campaignsApi.update(saved.campaign_id, UpdateCampaignBody.parse(content))
        : await campaignsApi.create(CreateCampaignBody.parse({ org_id: orgId, ...content }));
      setSaved(campaign);
      if (action.kind === 'test') return { campaign, result: await campaignsApi.test(campaign.campaign_id, { to: action.to }) };
      if (action.kind === 'schedule') return { campaign: await campaignsApi.schedule(campaign.campaign_id, { send_at: action.send_at }), result: null };
      return { campaign, result: null };
    },
    onSuccess: async ({ campaign, result }, action) => {
      await queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      if (action.kind === 'save') setDone('Draft saved.');
      if (result) setDone(`Test sent to ${testTo}. Without a connected provider it waits in the outbox, under Messaging settings.`);
      if (action.kind === 'schedule') onScheduled(campaign);
    },
  });

  const run = (action: Action, extra: FormErrors = {}) => {
    setDone(null);
    const content = contentOf(draft);
    const result = saved ? checked(UpdateCampaignBody, content) : checked(CreateCampaignBody, { org_id: orgId, ...content });
    const all = { ...(result.errors ?? {}), ...extra };
    setErrors(all);
    if (Object.keys(all).length === 0) act.mutate(action);
  };
  const test = () => {
    const body = checked(TestCampaignBody, { to: testTo });
    run({ kind: 'test', to: body.data?.to ?? testTo }, body.errors ? { to: body.errors['to'] ?? '' } : {});
  };
  const schedule = () => {
    const body = checked(ScheduleCampaignBody, scheduleOf(draft));
    run({ kind: 'schedule', ...body.data }, body.errors ? { send_at: body.errors['send_at'] ?? 'Choose a time.' } : {});
  };
  const shown = { ...serverErrors(act.error), ...errors };
  const codeUrl = draft.code_id ? `${window.location.origin}/${draft.code_id}` : window.location.origin;
  const values = sampleValues(draft.channel, preview.data?.sample[0], organizationName, codeUrl);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {channels.length > 1 && (
            <Radio.Group
              label="Channel"
              value={draft.channel}
              onChange={(picked) => set({ channel: channels.find((channel) => channel === picked) ?? draft.channel })}
            >
              <Group mt="xs">
                {channels.map((channel) => (
                  <Radio key={channel} value={channel} label={CHANNEL_LABELS[channel]} disabled={saved !== undefined} />
                ))}
              </Group>
            </Radio.Group>
          )}
          <TextInput label="Campaign name" value={draft.name} onChange={(event) => set({ name: event.currentTarget.value })} error={shown['name']} />
          <NativeSelect
            label="Campaign code"
            description="Its link is the message’s {{code_url}}; an email’s QR codes are its one-time codes."
            data={[{ value: '', label: 'No code' }, ...(codes.data ?? []).map((code) => ({ value: code.code_id, label: code.name }))]}
            value={draft.code_id}
            onChange={(event) => set({ code_id: event.currentTarget.value })}
            error={shown['code_id']}
          />
          <AudienceFields orgId={orgId} codes={codes.data ?? []} draft={draft} set={set} errors={shown} />
          <MessageFields draft={draft} set={set} errors={shown} values={values} />
          {draft.channel === 'email' && <QrFields draft={draft} set={set} errors={shown} />}
          <Fieldset legend="Test and send">
            <Stack gap="sm">
              <Group align="flex-end" gap="xs">
                <TextInput
                  label="Send a test to"
                  description={
                    draft.channel === 'email'
                      ? 'An email address'
                      : draft.channel === 'sms'
                        ? 'A phone number, such as +442079460958'
                        : 'A subscribed browser’s endpoint'
                  }
                  value={testTo}
                  onChange={(event) => setTestTo(event.currentTarget.value)}
                  error={shown['to']}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button variant="default" onClick={test} loading={act.isPending && act.variables?.kind === 'test'}>
                  Send test
                </Button>
              </Group>
              <Radio.Group label="When" value={draft.send_mode} onChange={(mode) => set({ send_mode: mode === 'later' ? 'later' : 'now' })}>
                <Group mt="xs">
                  <Radio value="now" label="Now" />
                  <Radio value="later" label="At a time" />
                </Group>
              </Radio.Group>
              {draft.send_mode === 'later' && (
                <TextInput
                  type="datetime-local"
                  label="Send at"
                  description="In this browser’s time"
                  value={draft.send_at}
                  onChange={(event) => set({ send_at: event.currentTarget.value })}
                  error={shown['send_at']}
                />
              )}
              {act.isError && (
                <Alert color="red" title="The campaign was not saved or sent" role="alert">
                  {describeError(act.error)}
                </Alert>
              )}
              {done && (
                <Alert color="teal" role="status">
                  {done}
                </Alert>
              )}
              <Group>
                <Button variant="default" onClick={() => run({ kind: 'save' })} loading={act.isPending && act.variables?.kind === 'save'}>
                  Save draft
                </Button>
                <Button onClick={schedule} loading={act.isPending && act.variables?.kind === 'schedule'}>
                  {draft.send_mode === 'now' ? 'Send now' : 'Schedule'}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Card withBorder>
            <Text fw={600} mb="xs">
              Who it reaches
            </Text>
            <AudiencePreview preview={preview} />
          </Card>
          <PhonePreview channel={draft.channel} subject={draft.subject} message={draft.message} values={values} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
