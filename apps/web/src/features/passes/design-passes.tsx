import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatePassBody, type PassDesignView, type PassKind, type PassPushView, type PassView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { checked, serverErrors, type FormErrors } from '../promos';
import { passesApi, passKeys, PASSES_PAGE_SIZE } from './passes-api';
import { dayOf } from './pass-words';

/** What names a pass's holder, per kind: the field of PassHolder and how the form asks for it. */
const HOLDER_INPUTS: Record<PassKind, { field: 'card_id' | 'promo_code' | 'holder'; label: string }> = {
  loyalty_card: { field: 'card_id', label: 'Card id' },
  promo_code: { field: 'promo_code', label: 'Promo code' },
  event_ticket: { field: 'holder', label: 'Ticket holder’s name' },
};

const pushedInWords = ({ apple_devices, google }: PassPushView) =>
  `Sent to ${apple_devices} Apple ${apple_devices === 1 ? 'device' : 'devices'}${google ? ' and to Google Wallet' : ''}.`;

/** A pass just made, with where it goes: the .pkpass for Apple Wallet and Google's save link. */
function IssuedLinks({ pass, googleUrl }: { pass: PassView; googleUrl: string | null }) {
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{`The pass for ${pass.holder} is ready.`}</Text>
      {pass.apple_url && (
        <Anchor href={pass.apple_url} size="sm">
          Download the .pkpass for Apple Wallet
        </Anchor>
      )}
      {googleUrl && (
        <Anchor href={googleUrl} target="_blank" rel="noreferrer" size="sm">
          Open the Google Wallet link
        </Anchor>
      )}
      {!pass.apple_url && !googleUrl && <Text size="sm">Connect a wallet in the wallet settings to hand it out.</Text>}
    </Stack>
  );
}

/** "Issue a pass" by hand, for a holder the design's source already knows. */
function IssuePass({ design, onIssued }: { design: PassDesignView; onIssued(): void }) {
  const input = HOLDER_INPUTS[design.source.kind];
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const issue = useMutation({
    mutationFn: async (body: CreatePassBody) => {
      const pass = await passesApi.create(body);
      return { pass, googleUrl: pass.google_ready ? (await passesApi.walletUrl(pass.pass_id)).url : null };
    },
    onSuccess: onIssued,
  });
  const submit = () => {
    const result = checked(CreatePassBody, { design_id: design.design_id, holder: { kind: design.source.kind, [input.field]: value } });
    setErrors(result.errors ?? {});
    if (result.data) issue.mutate(result.data);
  };
  const shown = { ...serverErrors(issue.error), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Issue a pass
        </Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput label={input.label} value={value} onChange={(event) => setValue(event.currentTarget.value)} error={shown[`holder.${input.field}`]} />
          <Button onClick={submit} loading={issue.isPending}>
            Issue the pass
          </Button>
        </Group>
        {issue.isError && (
          <Alert color="red" role="alert">
            {describeError(issue.error)}
          </Alert>
        )}
        {issue.data && <IssuedLinks pass={issue.data.pass} googleUrl={issue.data.googleUrl} />}
      </Stack>
    </Card>
  );
}

/** The passes made from a design: void or restore each, push its latest version to the phones, or download it. */
export function DesignPasses({ orgId, design, writable }: { orgId: string; design: PassDesignView; writable: boolean }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const passes = useQuery({
    queryKey: passKeys.passes(orgId, design.design_id, page),
    queryFn: () => passesApi.list(orgId, design.design_id, page),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: passKeys.passes(orgId, design.design_id, page) });
  const [done, setDone] = useState<string | null>(null);
  const voiding = useMutation({
    mutationFn: (pass: PassView) => passesApi.update(pass, { voided: !pass.voided }),
    onSuccess: (pass) => {
      setDone(`The pass for ${pass.holder} is ${pass.voided ? 'voided' : 'valid again'}.`);
      return refresh();
    },
  });
  const pushing = useMutation({ mutationFn: (pass: PassView) => passesApi.push(pass), onSuccess: (pushed) => setDone(pushedInWords(pushed)) });
  const failed = voiding.error ?? pushing.error;
  const pages = passes.data ? Math.ceil(passes.data.total / PASSES_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Passes
      </Title>
      {writable && <IssuePass design={design} onIssued={() => void refresh()} />}
      {passes.isError && <Alert color="red">{describeError(passes.error)}</Alert>}
      {passes.isPending && <Skeleton height={120} />}
      {done && <Text role="status">{done}</Text>}
      {failed && (
        <Alert color="red" role="alert">
          {describeError(failed)}
        </Alert>
      )}
      {passes.data?.items.length === 0 && <Text>No pass yet: visitors add theirs from the programme’s, campaign’s or event’s page.</Text>}
      {passes.data && passes.data.items.length > 0 && (
        <ScrollingTable label="Passes of the design" minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Holder</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Devices</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {passes.data.items.map((pass) => (
              <Table.Tr key={pass.pass_id}>
                <Table.Td style={BREAK_ANYWHERE}>{pass.holder}</Table.Td>
                <Table.Td>
                  <Badge color={pass.voided ? 'red' : 'teal'} variant="light">
                    {pass.voided ? 'Voided' : 'Valid'}
                  </Badge>
                </Table.Td>
                <Table.Td>{pass.devices}</Table.Td>
                <Table.Td>{dayOf(pass.updated_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {writable && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          color={pass.voided ? 'teal' : 'red'}
                          aria-label={`${pass.voided ? 'Restore' : 'Void'} the pass for ${pass.holder}`}
                          loading={voiding.isPending && voiding.variables.pass_id === pass.pass_id}
                          onClick={() => voiding.mutate(pass)}
                        >
                          {pass.voided ? 'Restore' : 'Void'}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Push the pass for ${pass.holder}`}
                          loading={pushing.isPending && pushing.variables.pass_id === pass.pass_id}
                          onClick={() => pushing.mutate(pass)}
                        >
                          Push
                        </Button>
                      </>
                    )}
                    {pass.apple_url && (
                      <Anchor href={pass.apple_url} size="sm" aria-label={`Download .pkpass for ${pass.holder}`}>
                        Download .pkpass
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
      <LabelledPagination label="Pages of passes" total={pages > 1 ? pages : 0} value={page} onChange={setPage} />
    </Stack>
  );
}
