import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ScrollingTable } from '../../components/scrolling-table';
import { designsApi, passKeys } from './passes-api';
import { dayOf, KIND_LABELS } from './pass-words';
import { usePassesRecord } from './use-passes-record';

/** `/admin/passes` (ours): the organisation's wallet pass designs, each opening the designer. */
export function PassDesignsScreen() {
  const { orgId, writable } = usePassesRecord();
  const designs = useQuery({ queryKey: passKeys.designs(orgId), queryFn: () => designsApi.list(orgId), enabled: orgId !== '' });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Wallet passes</Title>
        {writable && (
          <Button component={Link} to="/admin/passes/new">
            New design
          </Button>
        )}
      </Group>
      <Text c="dimmed">
        A design turns a loyalty programme’s cards, a promo campaign’s codes or an event page’s tickets into Apple Wallet and Google Wallet passes.{' '}
        <Anchor component={Link} to="/admin/wallet">
          Wallet settings
        </Anchor>{' '}
        connect the certificates they are signed with.
      </Text>
      {designs.isError && <Alert color="red">{describeError(designs.error)}</Alert>}
      {designs.isPending && <Skeleton height={120} />}
      {designs.data?.length === 0 && <Text>No design yet. A new design starts from a programme, a campaign or an event page.</Text>}
      {designs.data && designs.data.length > 0 && (
        <ScrollingTable label="Pass designs" minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>For</Table.Th>
              <Table.Th>Passes</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {designs.data.map((design) => (
              <Table.Tr key={design.design_id}>
                <Table.Td style={BREAK_ANYWHERE}>
                  <Anchor component={Link} to={`/admin/passes/${design.design_id}`}>
                    {design.terms.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{KIND_LABELS[design.source.kind]}</Badge>
                </Table.Td>
                <Table.Td style={BREAK_ANYWHERE}>{design.source_name}</Table.Td>
                <Table.Td>{design.passes.toLocaleString('en')}</Table.Td>
                <Table.Td>{dayOf(design.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
    </Stack>
  );
}
