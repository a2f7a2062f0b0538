import { Alert, Avatar, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PublicTermsView, type Problem } from '@qr/contracts';
import { useParams } from 'react-router-dom';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';
import { PageLoader } from '../../components/page-loader';

class TermsUnavailable extends Error {}

/** Without sign-in: a visitor's page carries no sign-in or admin code (DESIGN.md §7). */
async function fetchPublicTerms(orgId: string): Promise<PublicTermsView> {
  const path = `/api/v1/public/organizations/${encodeURIComponent(orgId)}/terms`;
  const response = await publicFetch(path);
  if (response.ok) return readAnswer(PublicTermsView, response, operationOf(path));
  const problem = (await response.json().catch(() => null)) as Partial<Problem> | null;
  if (response.status === 404 || response.status === 400) throw new TermsUnavailable();
  throw new Error(problem?.detail ?? `The terms could not be loaded (${response.status}).`);
}

/** `/{id}/terms`: an organization's current terms, for anyone, as plain text. */
export default function PublicTermsScreen() {
  const { id = '' } = useParams();
  const terms = useQuery({
    queryKey: ['public-terms', id],
    queryFn: () => fetchPublicTerms(id),
    retry: (count, error) => !(error instanceof TermsUnavailable) && count < 3,
  });

  if (terms.isPending) return <PageLoader />;
  if (terms.isError) {
    return terms.error instanceof TermsUnavailable ? (
      <Stack maw={640} mx="auto">
        <Title order={1}>Terms</Title>
        <Text>There are no terms to show at this address. The organisation may not have published any yet.</Text>
      </Stack>
    ) : (
      <Alert color="red" title="The terms could not be loaded">
        {terms.error.message}
      </Alert>
    );
  }
  const { data } = terms;
  return (
    <Stack maw={720} mx="auto" component="article">
      <Group>
        {data.organization_logo && <Avatar src={data.organization_logo} alt="" radius="sm" />}
        <Title order={1}>Terms of {data.organization_name}</Title>
      </Group>
      <Text size="sm" c="dimmed">
        Version {data.version}, published {new Date(data.published_at).toLocaleDateString()}
      </Text>
      {/* Rendered as text, never as HTML: terms are written by organizations and read by anyone. */}
      <Text style={{ whiteSpace: 'pre-wrap' }}>{data.text}</Text>
    </Stack>
  );
}
