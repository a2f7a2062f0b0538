import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contrastProblemMessage, type PageView } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { useOrganizationRecord } from '../organization';
import { PageEventDataForm } from '../experiences';
import { codeKeys, codesApi } from '../codes';
import { pageThemeProblems } from '../brand';
import { PageEditor, type PageDraft } from './page-editor';
import { LeaveGuard, PageSaveBar, type SaveState } from './page-save-bar';
import { pageKeys, pagesApi } from './pages-api';
import { labelOf } from './registration-form-view';
import { LabelledPagination } from '../../components/labelled-pagination';

const SUBMISSIONS_REFRESH_MS = 5000;

const draftOf = ({ title, vanity_name, blocks, form, success_message, success_button, theme }: PageView): PageDraft => ({
  title,
  vanity_name,
  blocks,
  form,
  success_message,
  success_button,
  theme,
});

/** Creates a page for the code from the default content and opens it in the editor. */
function useNewPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) => pagesApi.create({ code_id: codeId }),
    onSuccess: async ({ page_id }) => {
      await queryClient.invalidateQueries({ queryKey: pageKeys.all });
      navigate(`/admin/update-page/${page_id}`);
    },
  });
}

/** `/admin/pages/{codeId}`: a code's landing pages; the first is the one its QR opens. */
export function CodePagesScreen() {
  const { codeId = '' } = useParams();
  const pages = useQuery({ queryKey: pageKeys.ofCode(codeId), queryFn: () => pagesApi.ofCode(codeId) });
  const create = useNewPage();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Landing pages</Title>
        <Button loading={create.isPending} onClick={() => create.mutate(codeId)}>
          New page
        </Button>
      </Group>
      <Text c="dimmed">The first page is the one visitors see when they scan this code.</Text>
      {(pages.isError || create.isError) && (
        <Alert color="red" title="Something went wrong">
          {describeError(pages.error ?? create.error)}
        </Alert>
      )}
      {pages.data?.length === 0 && <Text>This code has no page yet. “New page” starts one from a ready-made welcome page and registration form.</Text>}
      {pages.data && pages.data.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Last changed</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.data.map((page) => (
              <Table.Tr key={page.page_id}>
                <Table.Td>{page.title}</Table.Td>
                <Table.Td>{new Date(page.updated_at).toLocaleString()}</Table.Td>
                <Table.Td>
                  <Group gap="sm" justify="end">
                    <Anchor component={Link} to={`/admin/update-page/${page.page_id}`}>
                      Edit
                    </Anchor>
                    <Anchor href={`/page/${page.page_id}`} target="_blank" rel="noopener noreferrer">
                      Open
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** `/admin/add-new-page`: pick one of the organization's codes and start its page. */
export function AddNewPageScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const names = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const [codeId, setCodeId] = useState('');
  const create = useNewPage();
  if (orgId === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  return (
    <Stack maw={480}>
      <Title order={1}>New landing page</Title>
      <Text c="dimmed">
        A landing page belongs to a QR code: scanning the code opens the page. It starts from a welcome text and the standard registration form, which you can
        change.
      </Text>
      {names.data?.length === 0 ? (
        <Text>
          You have no codes yet.{' '}
          <Anchor component={Link} to="/admin/create-qr-code">
            Create a code
          </Anchor>{' '}
          of type “Landing page” first.
        </Text>
      ) : (
        <NativeSelect
          label="Code"
          data={[{ value: '', label: 'Choose a code' }, ...(names.data ?? []).map((code) => ({ value: code.code_id, label: code.name }))]}
          value={codeId}
          onChange={(event) => setCodeId(event.currentTarget.value)}
        />
      )}
      {create.isError && (
        <Alert color="red" title="The page could not be created">
          {describeError(create.error)}
        </Alert>
      )}
      <Button disabled={codeId === ''} loading={create.isPending} onClick={() => create.mutate(codeId)}>
        Create page
      </Button>
    </Stack>
  );
}

function SubmissionsTable({ page }: { page: PageView }) {
  const [pageNumber, setPageNumber] = useState(1);
  const submissions = useQuery({
    queryKey: pageKeys.submissions(page.page_id, pageNumber),
    queryFn: () => pagesApi.submissions(page.page_id, pageNumber),
    placeholderData: (previous) => previous,
    // Visitors submit while staff watch: the list fetches when opened and then every few seconds.
    refetchOnMount: 'always',
    refetchInterval: SUBMISSIONS_REFRESH_MS,
  });
  const columns = page.form.filter((input) => input.input_type !== 'page');
  if (submissions.isError) return <Alert color="red">{describeError(submissions.error)}</Alert>;
  if (submissions.data?.total === 0) return <Text>No submissions yet. They appear here, newest first, as visitors send the form.</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sent</Table.Th>
              {columns.map((input) => (
                <Table.Th key={input.name}>{labelOf(input)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {submissions.data?.items.map((item) => (
              <Table.Tr key={item.submission_id}>
                <Table.Td>{new Date(item.submitted_at).toLocaleString()}</Table.Td>
                {columns.map((input) => (
                  <Table.Td key={input.name}>{String(item.answers[input.name] ?? '')}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {submissions.data && submissions.data.total > submissions.data.per_page && (
        <LabelledPagination
          label="Pages of submissions"
          total={Math.ceil(submissions.data.total / submissions.data.per_page)}
          value={pageNumber}
          onChange={setPageNumber}
        />
      )}
    </Stack>
  );
}

/** `/admin/update-page/{pageId}`: the page builder with its live preview, and the page's submissions. */
export function UpdatePageScreen() {
  const { pageId = '' } = useParams();
  const queryClient = useQueryClient();
  const page = useQuery({ queryKey: pageKeys.one(pageId), queryFn: () => pagesApi.get(pageId) });
  const [draft, setDraft] = useState<PageDraft | null>(null);
  const [contrastRefused, setContrastRefused] = useState(false);
  useEffect(() => {
    if (page.data && draft === null) setDraft(draftOf(page.data));
  }, [page.data, draft]);
  const save = useMutation({
    mutationFn: (body: PageDraft) => pagesApi.update(pageId, body),
    onSuccess: async (saved, sent) => {
      // The saved page as the server keeps it (cleaned text), unless staff typed on while it was saving.
      setDraft((current) => (current === sent ? draftOf(saved) : current));
      queryClient.setQueryData(pageKeys.one(pageId), saved);
      await queryClient.invalidateQueries({ queryKey: pageKeys.all });
    },
  });
  const unsaved = page.data !== undefined && draft !== null && JSON.stringify(draft) !== JSON.stringify(draftOf(page.data));

  if (page.isError) {
    return (
      <Alert color="red" title="The page could not be loaded">
        {describeError(page.error)}
      </Alert>
    );
  }
  if (!page.data || !draft) return <Text c="dimmed">Loading the page…</Text>;
  // A theme that fails AA is not saved; the refusal names the pairs until they are fixed.
  const contrastProblems = pageThemeProblems(draft.theme);
  const saveState: SaveState = save.isPending
    ? { kind: 'saving' }
    : contrastRefused && contrastProblems.length > 0
      ? { kind: 'failed', reason: `the theme is hard to read. ${contrastProblems.map(contrastProblemMessage).join(' ')}` }
      : save.isError
        ? { kind: 'failed', reason: describeError(save.error) }
        : unsaved
          ? { kind: 'unsaved' }
          : save.isSuccess
            ? { kind: 'saved' }
            : { kind: 'clean' };
  return (
    <Stack>
      <LeaveGuard unsaved={unsaved} />
      <Group justify="space-between">
        <Title order={1}>{page.data.title}</Title>
        <Group>
          <Anchor href={`/page/${pageId}`} target="_blank" rel="noopener noreferrer">
            Open the page
          </Anchor>
          {page.data.vanity_name && (
            <Anchor href={`/p/${page.data.vanity_name}`} target="_blank" rel="noopener noreferrer">
              /p/{page.data.vanity_name}
            </Anchor>
          )}
          <Anchor component={Link} to={`/admin/pages/${page.data.code_id}`}>
            All pages of this code
          </Anchor>
        </Group>
      </Group>
      <Tabs defaultValue="edit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
          <Tabs.Tab value="submissions">Submissions</Tabs.Tab>
          <Tabs.Tab value="event">Event access</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          <Stack>
            <PageEditor draft={draft} orgId={page.data.org_id} onChange={setDraft} />
            <PageSaveBar
              state={saveState}
              onSave={() => {
                setContrastRefused(contrastProblems.length > 0);
                if (contrastProblems.length === 0) save.mutate(draft);
              }}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="submissions" pt="md">
          <SubmissionsTable page={page.data} />
        </Tabs.Panel>
        <Tabs.Panel value="event" pt="md">
          <PageEventDataForm pageId={pageId} orgId={page.data.org_id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
