import { Alert, Anchor, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { labelFromInputName, type CustomerActivityItem } from '@qr/contracts';
import { can } from '@qr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { customerKeys, customersApi, useCodeNames } from './customers-api';

const moment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
// An answer to a date input is a calendar day: shown as that day wherever the screen is.
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An answer as a person reads it: a date input's day written out, a tick box as yes or no. */
function answerText(answer: string | boolean): string {
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  return /^\d{4}-\d{2}-\d{2}$/.test(answer) && !Number.isNaN(Date.parse(answer)) ? day.format(new Date(answer)) : answer;
}

/** What a customer sent, one answer a line, under the labels visitors saw (the inputs' names in words). */
function Answers({ answers }: { answers: CustomerActivityItem['answers'] }) {
  const entries = Object.entries(answers);
  if (entries.length === 0) return null;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map(([name, answer]) => (
        <Text key={name} size="sm" component="li">
          {labelFromInputName(name)}: {answerText(answer)}
        </Text>
      ))}
    </Stack>
  );
}

/** "Forget this customer": irreversible, so it asks first and says what it does. */
function ForgetCustomer({ orgId, customerId }: { orgId: string; customerId: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const forget = useMutation({
    mutationFn: () => customersApi.forget(orgId, customerId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all(orgId) });
      notifications.show({ title: 'Customer forgotten', message: 'Their details can no longer be read anywhere.' });
      void navigate('/admin/customers');
    },
  });
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        Forget this customer
      </Button>
      <ConfirmDialog
        opened={open}
        title="Forget this customer?"
        confirmLabel="Forget"
        pending={forget.isPending}
        failure={forget.isError ? describeError(forget.error) : null}
        onConfirm={() => forget.mutate()}
        onClose={() => setOpen(false)}
      >
        Their name, email, phone and every answer they sent are deleted for good. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

/** `/admin/customers/{id}`: who the customer is and what they did, newest first. */
export function CustomerActivityScreen() {
  const { customerId = '' } = useParams();
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const activity = useQuery({
    queryKey: customerKeys.activity(orgId, customerId),
    queryFn: () => customersApi.activity(orgId, customerId),
    enabled: orgId !== '',
  });
  const codes = useCodeNames(orgId);
  if (activity.isError) return <Alert color="red">{describeError(activity.error)}</Alert>;
  if (!activity.data) return <PageLoader />;
  const { customer, items } = activity.data;
  return (
    <Stack>
      <Anchor component={Link} to="/admin/customers">
        All customers
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{customer.name ?? customer.email ?? customer.phone ?? 'Unnamed customer'}</Title>
        {isRole(record.role) && can.forgetCustomers(record.role) && <ForgetCustomer orgId={orgId} customerId={customer.id} />}
      </Group>
      <Text>
        {[customer.email, customer.phone].filter(Boolean).join(' · ')} — first seen {moment.format(new Date(customer.first_seen))}
      </Text>
      {/* Scans are not listed: a scan's visitor is a daily-salted hash, never linked to a person. */}
      <Timeline active={items.length} bulletSize={16}>
        {items.map((item) => (
          <Timeline.Item key={item.id} title={`Sent a form through ${codes.nameOf(item.code_id)}`}>
            <Text size="xs">{moment.format(new Date(item.at))}</Text>
            <Answers answers={item.answers} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
