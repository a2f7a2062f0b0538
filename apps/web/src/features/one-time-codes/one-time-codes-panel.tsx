import { Alert, Badge, Button, Card, Group, NumberInput, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateOneTimeCodesBody,
  fileNameOf,
  MAX_ONE_TIME_CODES,
  MAX_PDF_SHEET_CODES,
  type CodeView,
  type OneTimeBatchView,
  type OneTimeDownloadFormat,
} from '@qr/contracts';
import { useState } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { saveFile } from '../codes';
import { downloadCsvExport } from '../customers';
import { describeError } from '../../api/api-problem';
import { DOWNLOADS, downloadBatch, ONE_TIME_PAGE_SIZE, oneTimeApi, oneTimeKeys } from './one-time-codes-api';
import { counted } from '../../components/counted';
import { LabelledPagination } from '../../components/labelled-pagination';

const LIMIT = MAX_ONE_TIME_CODES.toLocaleString('en');

/** The amount field, checked against the API's own contract before it is sent. */
function CreateOneTimeCodes({ code }: { code: CodeView }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<number | string>(100);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: oneTimeApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oneTimeKeys.batches(code.code_id) }),
  });
  const submit = () => {
    const checked = contractFieldErrors(CreateOneTimeCodesBody, { base_code_id: code.code_id, amount: amount === '' ? undefined : Number(amount) });
    setError(checked.errors?.amount ?? null);
    if (checked.data) create.mutate(checked.data);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <NumberInput
          label="How many codes"
          description={`1 to ${LIMIT} at once`}
          value={amount}
          onChange={setAmount}
          allowDecimal={false}
          thousandSeparator=","
          error={error}
          w={200}
        />
        <Button onClick={submit} loading={create.isPending}>
          Create one-time codes
        </Button>
      </Group>
      {create.isError && <Alert color="red">{describeError(create.error)}</Alert>}
    </Stack>
  );
}

/** A batch's codes, a page at a time, with whether each has been used. */
function BatchCodes({ batch }: { batch: OneTimeBatchView }) {
  const [page, setPage] = useState(1);
  const codes = useQuery({ queryKey: oneTimeKeys.codes(batch.batch_id, page), queryFn: () => oneTimeApi.codes(batch.batch_id, page) });
  if (codes.isError) return <Alert color="red">{describeError(codes.error)}</Alert>;
  if (!codes.data) return <Text c="dimmed">Loading the codes…</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Link</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.data.items.map((item) => (
              <Table.Tr key={item.code_id}>
                <Table.Td ff="monospace">{item.code_id}</Table.Td>
                <Table.Td>{item.qr_url}</Table.Td>
                <Table.Td>
                  {item.used ? <Badge color="gray">Used {item.used_at && new Date(item.used_at).toLocaleString()}</Badge> : <Badge color="green">Unused</Badge>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LabelledPagination label="Pages of codes" total={Math.ceil(codes.data.total / ONE_TIME_PAGE_SIZE)} value={page} onChange={setPage} />
    </Stack>
  );
}

/** How far a download is: the CSV knows its share done (rows over the row count), a ZIP or PDF only the bytes so far. */
type DownloadState = { label: string; share: number } | { label: string; bytes: number };

/** Download buttons for a batch; a large download shows how far it is. */
function BatchDownloads({ code, batch }: { code: CodeView; batch: OneTimeBatchView }) {
  const [busy, setBusy] = useState<DownloadState | null>(null);
  const run = async (label: string, fetchFile: () => Promise<Blob>, fileName: string) => {
    try {
      saveFile(await fetchFile(), fileName);
    } catch (error) {
      console.error(`Failed to download ${label}`, error);
      notifications.show({ color: 'red', title: `Failed to download the ${label}`, message: describeError(error) });
    } finally {
      setBusy(null);
    }
  };
  const csv = () => {
    setBusy({ label: 'CSV', share: 0 });
    return run(
      'CSV',
      () => downloadCsvExport({ from: 'my-codes/one-time-codes', org_id: code.org_id, code_id: code.code_id }, (share) => setBusy({ label: 'CSV', share })),
      `${fileNameOf(code.name, 'one-time-codes')}_${new Date().toISOString().slice(0, 10)}.csv`,
    );
  };
  const file = (format: OneTimeDownloadFormat, label: string, extension: string) => {
    setBusy({ label, bytes: 0 });
    return run(
      label,
      () => downloadBatch(batch.batch_id, format, (bytes) => setBusy({ label, bytes })),
      `${fileNameOf(code.name, 'qr-code')} one-time codes.${extension}`,
    );
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={busy !== null} onClick={() => void csv()}>
          Download CSV
        </Button>
        {DOWNLOADS.map(({ format, label, extension }) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            disabled={busy !== null || (format === 'pdf' && batch.amount > MAX_PDF_SHEET_CODES)}
            onClick={() => void file(format, label, extension)}
          >
            Download {label}
          </Button>
        ))}
      </Group>
      {batch.amount > MAX_PDF_SHEET_CODES && (
        <Text size="xs">A PDF sheet holds up to {MAX_PDF_SHEET_CODES.toLocaleString('en')} codes: download a ZIP for this batch.</Text>
      )}
      {busy && (
        <Stack gap={2}>
          {'share' in busy ? (
            <Progress value={Math.round(busy.share * 100)} aria-label="Download progress" />
          ) : (
            <Progress value={100} animated striped aria-label="Download progress" />
          )}
          <Text size="xs" c="dimmed">
            Preparing the {busy.label}
            {'bytes' in busy && busy.bytes > 0 && ` · ${(busy.bytes / 1e6).toFixed(1)} MB received`}…
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function BatchCard({
  code,
  batch,
  writable,
  onDelete,
}: {
  code: CodeView;
  batch: OneTimeBatchView;
  writable: boolean;
  onDelete: (batch: OneTimeBatchView) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {counted(batch.amount, 'code')} · {batch.used.toLocaleString('en')} used · created {new Date(batch.created_at).toLocaleString()}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => setOpen(!open)}>
              {open ? 'Hide codes' : 'Show codes'}
            </Button>
            {writable && (
              <Button size="xs" color="red" variant="subtle" onClick={() => onDelete(batch)}>
                Delete
              </Button>
            )}
          </Group>
        </Group>
        <BatchDownloads code={code} batch={batch} />
        {open && <BatchCodes batch={batch} />}
      </Stack>
    </Card>
  );
}

/**
 * A code's one-time codes, on its screen: each opens this code's content once, then shows
 * "already used". Batches are created here, listed with how many are used, downloaded and deleted.
 */
export function OneTimeCodesPanel({ code, writable }: { code: CodeView; writable: boolean }) {
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey: oneTimeKeys.batches(code.code_id), queryFn: () => oneTimeApi.batches(code.code_id) });
  const [deleting, setDeleting] = useState<OneTimeBatchView | null>(null);
  const remove = useMutation({
    mutationFn: (batch: OneTimeBatchView) => oneTimeApi.remove(batch.batch_id),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: oneTimeKeys.all });
    },
  });
  return (
    <Stack>
      <Title order={2} size="h3">
        One-time codes
      </Title>
      <Text c="dimmed">
        Single-use codes for vouchers, prizes or tickets: each has its own QR code that opens this code’s content once. Every later scan shows “This code has
        already been used”.
      </Text>
      {writable && <CreateOneTimeCodes code={code} />}
      {batches.isError && <Alert color="red">{describeError(batches.error)}</Alert>}
      {batches.data?.length === 0 && (
        <Text c="dimmed">
          {writable ? 'No one-time codes yet. Choose how many you need and create them; then download them to print.' : 'No one-time codes yet.'}
        </Text>
      )}
      {batches.data?.map((batch) => (
        <BatchCard key={batch.batch_id} code={code} batch={batch} writable={writable} onDelete={setDeleting} />
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete these one-time codes?"
        confirmLabel="Delete the codes"
        cancelLabel="Keep them"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        All {deleting?.amount.toLocaleString('en')} codes of this batch stop working for good: scanning one shows that the code has ended. This cannot be
        undone.
      </ConfirmDialog>
    </Stack>
  );
}
