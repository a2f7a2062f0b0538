import { Alert, Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../api/api-problem';
import { organizationApi, termsKeys } from './organization-api';
import { useOrganizationRecord } from './organization-record';

/** Above the admin screens while the selected organization has terms the user has not accepted in their latest version. */
export function TermsPrompt() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const queryClient = useQueryClient();
  const [reading, { open, close }] = useDisclosure(false);
  const terms = useQuery({ queryKey: termsKeys.current(orgId), queryFn: () => organizationApi.terms(orgId), enabled: orgId !== '' });
  const accept = useMutation({
    mutationFn: (version: number) => organizationApi.acceptTerms(orgId, version),
    onSuccess: (accepted) => {
      queryClient.setQueryData(termsKeys.current(orgId), accepted);
      close();
    },
  });

  const current = terms.data;
  if (!current || (current.accepted_version ?? 0) >= current.version) return null;
  return (
    <>
      <Alert color="yellow" mb="md" title={`${record.org_name} has new terms`}>
        <Group justify="space-between">
          <Text size="sm">Please read version {current.version} of the terms and accept them.</Text>
          <Button size="xs" onClick={open}>
            Read and accept
          </Button>
        </Group>
      </Alert>
      <Modal opened={reading} onClose={close} title={`Terms of ${record.org_name}, version ${current.version}`} size="lg">
        <ScrollArea.Autosize mah="60vh">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{current.text}</Text>
        </ScrollArea.Autosize>
        {accept.isError && (
          <Alert color="red" mt="sm" title="Not accepted">
            {describeError(accept.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Later
          </Button>
          <Button onClick={() => accept.mutate(current.version)} loading={accept.isPending}>
            I accept
          </Button>
        </Group>
      </Modal>
    </>
  );
}
