import { Alert, Anchor, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { CustomerSource } from '@qr/contracts';
import { can } from '@qr/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { customerKeys, customersApi, downloadCsvExport, useCodeNames, type CustomerFilters } from './customers-api';
import { CsvExportButton } from './csv-export-button';
import { LabelledPagination } from '../../components/labelled-pagination';

const SOURCE_LABELS: Record<CustomerSource, string> = { form: 'A page’s form' };

/**
 * Spec §7's customer export is saved as `interaction_data.csv`: it holds the customers' interactions,
 * with every code or one. (`name_date.csv`, the code's name and the day, reads as the one-time codes' file.)
 */
export const CUSTOMER_EXPORT_FILE = 'interaction_data.csv';

/** `/admin/customers`: people known from what they submitted, with the code and source filters of spec §7. */
export function CustomersScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const [filters, setFilters] = useState<CustomerFilters>({ page: 1 });
  const customers = useQuery({
    queryKey: customerKeys.list(orgId, filters),
    queryFn: () => customersApi.list(orgId, filters),
    enabled: orgId !== '',
    placeholderData: (previous) => previous,
  });
  const codes = useCodeNames(orgId);
  const mayExport = isRole(record.role) && can.exportAnalytics(record.role);

  if (orgId === '') return <Text>Choose an organisation to see its customers.</Text>;
  return (
    <Stack>
      <Title order={1}>Customers</Title>
      <Group align="flex-end">
        <NativeSelect
          label="Code"
          value={filters.codeId ?? ''}
          data={[{ value: '', label: 'All codes' }, ...codes.list.map((code) => ({ value: code.code_id, label: code.name }))]}
          onChange={(event) => setFilters({ ...filters, page: 1, codeId: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Came through"
          value={filters.basedOn ?? ''}
          data={[{ value: '', label: 'Anything' }, ...CustomerSource.options.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))]}
          onChange={(event) => {
            const parsed = CustomerSource.safeParse(event.currentTarget.value);
            setFilters({ ...filters, page: 1, basedOn: parsed.success ? parsed.data : undefined });
          }}
        />
        {mayExport && (
          <CsvExportButton
            download={(onProgress) =>
              downloadCsvExport({ from: 'my-codes/customer', org_id: orgId, ...(filters.codeId && { code_id: filters.codeId }) }, onProgress)
            }
            fileName={() => CUSTOMER_EXPORT_FILE}
            scope={filters.codeId ? `The customers of ${codes.nameOf(filters.codeId)}.` : 'Every customer of the organisation.'}
          />
        )}
      </Group>
      {customers.isError && <Alert color="red">{describeError(customers.error)}</Alert>}
      {customers.data?.total === 0 && <Text>No customers yet. People appear here once they send a page’s form.</Text>}
      {customers.data && customers.data.total > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>First came through</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Interactions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.data.items.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/customers/${customer.id}`}>
                      {customer.name ?? customer.email ?? customer.phone ?? 'Unnamed'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{customer.email}</Table.Td>
                  <Table.Td>{customer.phone}</Table.Td>
                  <Table.Td>{codes.nameOf(customer.code_id)}</Table.Td>
                  <Table.Td>{new Date(customer.last_seen).toLocaleString()}</Table.Td>
                  <Table.Td>{customer.interactions}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {customers.data && customers.data.total > customers.data.per_page && (
        <LabelledPagination
          label="Pages of customers"
          total={Math.ceil(customers.data.total / customers.data.per_page)}
          value={filters.page}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      )}
    </Stack>
  );
}
