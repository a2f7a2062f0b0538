import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE_TYPE_LABELS, type CodeView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CodeClones, CodeCopyMenu } from '../clones';
import { CodeNotesPanel } from '../notes';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { CodeForm, draftOf, emptyDraft } from './code-form';
import { destinationOf } from './code-content-fields';
import { codeKeys, codesApi } from './codes-api';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { BusyButton } from './busy-button';
import { DeleteCodeDialog } from './delete-code-dialog';
import { QrDownloads, QrImage } from './qr-image';
import { OneTimeCodesPanel } from '../one-time-codes';
import { counted } from '../../components/counted';
import { CopyTextButton } from '../../components/copy-text-button';

function useCode(codeId: string) {
  return useQuery({ queryKey: codeKeys.one(codeId), queryFn: () => codesApi.get(codeId), enabled: codeId !== '' });
}

function Loaded({ code, children }: { code: ReturnType<typeof useCode>; children: (code: CodeView) => ReactNode }) {
  if (code.isError) {
    return (
      <Alert color="red" title="This code could not be loaded">
        {describeError(code.error)}
      </Alert>
    );
  }
  return code.data ? children(code.data) : <Text c="dimmed">Loading the code…</Text>;
}

/** `/admin/create-qr-code`: type, content and design, then the success screen with the downloads. */
export function CreateCodeScreen() {
  const { record } = useOrganizationRecord();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (record.org_id === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  return (
    <Stack>
      <Title order={1}>Create a QR code</Title>
      <Text c="dimmed">The printed code points at this platform, so you can change where it leads at any time without reprinting it.</Text>
      <CodeForm
        initial={emptyDraft()}
        submitLabel="Create QR code"
        onSubmit={async (body) => {
          const created = await codesApi.create({ ...body, org_id: record.org_id });
          await queryClient.invalidateQueries({ queryKey: codeKeys.all });
          navigate(`/admin/create-qr-success?code=${created.code_id}`);
        }}
      />
    </Stack>
  );
}

/** `/admin/my-codes/edit/{codeId}`. */
export function EditCodeScreen() {
  const { codeId = '' } = useParams();
  const code = useCode(codeId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Loaded code={code}>
      {(loaded) => (
        <Stack>
          <Title order={1} style={BREAK_ANYWHERE}>
            Edit {loaded.name}
          </Title>
          <Text c="dimmed">Printed copies keep working: they lead to whatever you save here.</Text>
          <CodeForm
            initial={draftOf(loaded)}
            submitLabel="Save changes"
            onSubmit={async (body) => {
              await codesApi.update(codeId, body);
              await queryClient.invalidateQueries({ queryKey: codeKeys.all });
              navigate(`/admin/my-codes/edit/${codeId}/success`);
            }}
          />
        </Stack>
      )}
    </Loaded>
  );
}

function PublicLink({ code }: { code: CodeView }) {
  return (
    <Group align="flex-end">
      <TextInput label="Public link" value={code.public_link} readOnly w={360} />
      <CopyTextButton value={code.public_link} label="Copy link" />
      <Button component={Link} to={`/share?code=${code.code_id}`} variant="default">
        Share
      </Button>
    </Group>
  );
}

/** `/admin/create-qr-success?code=…` and `/admin/my-codes/edit/{codeId}/success`: the code, its downloads and link. */
export function CodeSavedScreen() {
  const { codeId: fromPath } = useParams();
  const [params] = useSearchParams();
  const codeId = fromPath ?? params.get('code') ?? '';
  const code = useCode(codeId);
  if (codeId === '') return <NoCodeSaved />;
  return (
    <Loaded code={code}>
      {(loaded) => (
        <Stack>
          <Title order={1}>{fromPath ? 'Changes saved' : 'Your QR code is ready'}</Title>
          <Text style={BREAK_ANYWHERE}>
            <strong>{loaded.name}</strong> scans to <Anchor href={loaded.qr_url}>{loaded.qr_url}</Anchor>.
          </Text>
          <CodeDestination code={loaded} />
          <QrDownloads code={loaded} previewSize={240} />
          <PublicLink code={loaded} />
          <Group>
            {loaded.type === 'page' && (
              <Button component={Link} to={`/admin/pages/${loaded.code_id}`}>
                Build its landing page
              </Button>
            )}
            <Button component={Link} to="/admin/my-codes" variant="default">
              Back to my codes
            </Button>
            <Button component={Link} to="/admin/create-qr-code" variant="subtle">
              Create another
            </Button>
          </Group>
        </Stack>
      )}
    </Loaded>
  );
}

/** The success page reached without `?code=` (typed, or a bookmark): there is nothing to load, so it says so. */
function NoCodeSaved() {
  return (
    <Stack>
      <Title order={1}>No code to show</Title>
      <Text>The address names no code: this page shows a code once it has been created or saved.</Text>
      <Group>
        <Button component={Link} to="/admin/create-qr-code">
          Create QR code
        </Button>
        <Button component={Link} to="/admin/my-codes" variant="default">
          My codes
        </Button>
      </Group>
    </Stack>
  );
}

export function StatusBadge({ status }: { status: CodeView['status'] }) {
  // A Mantine badge may shrink to nothing, cutting its label with an ellipsis: in My codes, long names squeezed it to “AC…”.
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} miw="max-content">
      {status}
    </Badge>
  );
}

function CodeDestination({ code }: { code: CodeView }) {
  const { text, link } = destinationOf(code);
  return (
    <Text style={BREAK_ANYWHERE}>
      {text}
      {link && (
        <>
          {' '}
          <Anchor href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </Anchor>
        </>
      )}
      {code.type === 'page' && (
        <>
          {' '}
          (
          <Anchor component={Link} to={`/admin/pages/${code.code_id}`}>
            edit the page
          </Anchor>
          )
        </>
      )}
      .
    </Text>
  );
}

/** `/admin/my-codes/show/{codeId}`: details, downloads and status actions. */
export function ShowCodeScreen() {
  const { codeId = '' } = useParams();
  // Once deleted, the screen asks nothing more about the code: while My codes loads, React may still draw
  // this screen, hidden, and each question about the code would be a 404.
  const [deleted, setDeleted] = useState(false);
  const code = useCode(deleted ? '' : codeId);
  const { record } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const change = useMutation({
    mutationFn: (action: 'pause' | 'resume') => (action === 'pause' ? codesApi.pause(codeId) : codesApi.resume(codeId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
  const writable = isRole(record.role) && can.write('codes', record.role);
  return (
    <Loaded code={code}>
      {(loaded) => (
        <Stack>
          <Group>
            <Title order={1} style={BREAK_ANYWHERE}>
              {loaded.name}
            </Title>
            <StatusBadge status={loaded.status} />
          </Group>
          <Text c="dimmed">
            {CODE_TYPE_LABELS[loaded.type]} · {counted(loaded.scan_count, 'scan')} · created {new Date(loaded.created_at).toLocaleDateString()}
          </Text>
          <CodeDestination code={loaded} />
          <QrDownloads code={loaded} previewSize={240} />
          <PublicLink code={loaded} />
          {/* A Stack stretches its children: the whole empty row beside the words was the link. */}
          <Anchor component={Link} to={`/admin/my-codes/analytics/${codeId}`} style={{ alignSelf: 'flex-start' }}>
            See its analytics
          </Anchor>
          <Anchor component={Link} to={`/admin/my-codes/promos/${codeId}`} style={{ alignSelf: 'flex-start' }}>
            Promo codes
          </Anchor>
          <Anchor component={Link} to={`/admin/my-codes/loyalty/${codeId}`} style={{ alignSelf: 'flex-start' }}>
            Loyalty cards
          </Anchor>
          {writable && (
            <Stack gap={6}>
              <Group>
                <Button component={Link} to={`/admin/my-codes/edit/${codeId}`}>
                  Edit
                </Button>
                <BusyButton variant="default" busy={change.isPending} onClick={() => change.mutate(loaded.status === 'paused' ? 'resume' : 'pause')}>
                  {loaded.status === 'paused' ? 'Resume' : 'Pause'}
                </BusyButton>
                <CodeCopyMenu code={loaded} />
                <Button variant="outline" color="red" onClick={() => setDeleting(true)}>
                  Delete this code
                </Button>
              </Group>
              {/* The status badge is at the top, off a phone's screen when Pause is pressed: this says what pausing did, where it was pressed. */}
              <Text size="sm" c="dimmed" role="status">
                {loaded.status === 'paused' ? 'Paused: whoever scans it is told “This code is paused” until you resume it.' : ''}
              </Text>
            </Stack>
          )}
          {change.isError && <Alert color="red">{describeError(change.error)}</Alert>}
          <DeleteCodeDialog
            code={deleting ? loaded : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => {
              setDeleted(true);
              navigate('/admin/my-codes');
            }}
          />
          <CodeClones code={loaded} />
          <OneTimeCodesPanel code={loaded} writable={writable} />
          <CodeNotesPanel codeId={codeId} writable={writable} />
        </Stack>
      )}
    </Loaded>
  );
}

/** The code's name, linking to its screen, with the folder it is in when that is shown. */
export function CodeNameLink({ code, folderName }: { code: CodeView; folderName?: string }) {
  return (
    <>
      {/* Breaking a long name lets its column narrow: unbroken, it pushed Scans and the actions out of a laptop's view. */}
      <Anchor component={Link} to={`/admin/my-codes/show/${code.code_id}`} style={BREAK_ANYWHERE}>
        {code.name}
      </Anchor>
      {folderName && (
        <Badge variant="light" color="gray" ml="xs" tt="none">
          {folderName}
        </Badge>
      )}
    </>
  );
}

/** What can be done with a code from a list of codes; `wrap` lets them take two lines where the width is a phone's. */
export function CodeActions({ code, onDelete, wrap = false }: { code: CodeView; onDelete?: (code: CodeView) => void; wrap?: boolean }) {
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'}>
      {/* Named for their code, as Copy and Delete are: a screen reader's list of links read “Edit” ten times. */}
      <Button size="xs" variant="subtle" component={Link} to={`/admin/my-codes/edit/${code.code_id}`} aria-label={`Edit ${code.name}`}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" component={Link} to={`/admin/my-codes/analytics/${code.code_id}`} aria-label={`Analytics of ${code.name}`}>
        Analytics
      </Button>
      <CodeCopyMenu code={code} compact />
      {onDelete && (
        <Button size="xs" variant="subtle" color="red" aria-label={`Delete ${code.name}`} onClick={() => onDelete(code)}>
          Delete
        </Button>
      )}
    </Group>
  );
}

/** `lead` is an optional first cell (selecting and dragging the code); `folderName` the folder it is in, if shown. */
export function CodeRow({ code, onDelete, lead, folderName }: { code: CodeView; onDelete?: (code: CodeView) => void; lead?: ReactNode; folderName?: string }) {
  return (
    <Table.Tr>
      {lead !== undefined && <Table.Td>{lead}</Table.Td>}
      <Table.Td>
        <QrImage code={code} size={48} />
      </Table.Td>
      <Table.Td>
        <CodeNameLink code={code} folderName={folderName} />
      </Table.Td>
      <Table.Td>{CODE_TYPE_LABELS[code.type]}</Table.Td>
      <Table.Td>
        <StatusBadge status={code.status} />
      </Table.Td>
      <Table.Td>{code.scan_count}</Table.Td>
      <Table.Td>
        <CodeActions code={code} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
