import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PublishTermsBody } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { organizationApi, termsKeys } from './organization-api';

/** The organization's terms: the current version, a link to its public page, and publishing a new one. */
export function TermsPanel({ orgId, canPublish }: { orgId: string; canPublish: boolean }) {
  const queryClient = useQueryClient();
  const terms = useQuery({ queryKey: termsKeys.current(orgId), queryFn: () => organizationApi.terms(orgId) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: (body: PublishTermsBody) => organizationApi.publishTerms(orgId, body.text),
    onSuccess: (published) => {
      setText('');
      queryClient.setQueryData(termsKeys.current(orgId), published);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(PublishTermsBody, { text });
    setError(checked.errors?.['text'] ?? null);
    if (checked.data) publish.mutate(checked.data);
  };

  return (
    <Stack component="section" aria-labelledby="terms-title">
      <Title order={2} size="h3" id="terms-title">
        Terms
      </Title>
      {terms.isError && (
        <Alert color="red" title="The terms could not be loaded">
          {describeError(terms.error)}
        </Alert>
      )}
      {terms.data === null && <Text c="dimmed">No terms published yet. Members and visitors see them once you publish.</Text>}
      {terms.data && (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed" mb="xs">
            Version {terms.data.version}, published {new Date(terms.data.published_at).toLocaleString()} ·{' '}
            <Anchor component={Link} to={`/${orgId}/terms`}>
              public page
            </Anchor>
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{terms.data.text}</Text>
        </Paper>
      )}
      {canPublish && (
        <form onSubmit={submit} noValidate aria-label="Publish terms">
          <Textarea
            label={terms.data ? 'New version of the terms' : 'Terms'}
            description="Plain text. Members are asked to accept each new version."
            autosize
            minRows={4}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" mt="sm" loading={publish.isPending}>
            Publish terms
          </Button>
          {publish.isError && (
            <Alert color="red" mt="sm" title="The terms were not published">
              {describeError(publish.error)}
            </Alert>
          )}
        </form>
      )}
    </Stack>
  );
}
