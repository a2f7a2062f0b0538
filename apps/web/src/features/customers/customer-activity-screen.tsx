import { Alert, Anchor, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@qr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { customerKeys, customersApi, useCodeNames } from './customers-api';

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
        <Title order={2}>{customer.name ?? customer.email ?? customer.phone ?? 'Unnamed customer'}</Title>
        {isRole(record.role) && can.forgetCustomers(record.role) && <ForgetCustomer orgId={orgId} customerId={customer.id} />}
      </Group>
      <Text>
        {[customer.email, customer.phone].filter(Boolean).join(' · ')} — first seen {new Date(customer.first_seen).toLocaleString()}
      </Text>
      {/* Scans are not listed: a scan's visitor is a daily-salted hash, never linked to a person. */}
      <Timeline active={items.length} bulletSize={16}>
        {items.map((item) => (
          <Timeline.Item key={item.id} title={`Sent a form through ${codes.nameOf(item.code_id)}`}>
            <Text size="xs">{new Date(item.at).toLocaleString()}</Text>
            <Text size="sm">
              {Object.entries(item.answers)
                .map(([name, answer]) => `${name}: ${String(answer)}`)
                .join(', ')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
