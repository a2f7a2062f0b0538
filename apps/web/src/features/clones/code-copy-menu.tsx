import { Alert, Anchor, Button, List, Menu, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeCreatedView, CodeView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { codeKeys } from '../codes';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { SaveTemplateDialog } from '../templates';
import { CloneMultipleDialog } from './clone-multiple-dialog';
import { cloneKeys, clonesApi } from './clones-api';

type CopyAction = 'clone' | 'clone-with-page' | 'duplicate';

/**
 * Copy actions of a code, for the code list and the code screen: clone (a child listed under the
 * base), clone with its landing page, duplicate (a code of its own), clone several, save as template.
 */
export function CodeCopyMenu({ code, compact = false }: { code: CodeView; compact?: boolean }) {
  const { record } = useOrganizationRecord();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'multiple' | 'template' | null>(null);
  const copy = useMutation({
    mutationFn: (action: CopyAction): Promise<CodeCreatedView> => {
      if (action === 'duplicate') return clonesApi.duplicate(code.code_id);
      return clonesApi.clone(code.code_id, { with_page: action === 'clone-with-page' });
    },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      navigate(`/admin/my-codes/show/${created.code_id}`);
    },
  });
  if (!isRole(record.role) || !can.write('codes', record.role)) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size={compact ? 'xs' : 'sm'} variant={compact ? 'subtle' : 'default'} loading={copy.isPending} aria-label={`Copy ${code.name}`}>
            Copy
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>New codes from this one</Menu.Label>
          <Menu.Item onClick={() => copy.mutate('clone')}>Clone</Menu.Item>
          {code.type === 'page' && <Menu.Item onClick={() => copy.mutate('clone-with-page')}>Clone with its page</Menu.Item>}
          <Menu.Item onClick={() => copy.mutate('duplicate')}>Duplicate</Menu.Item>
          <Menu.Item onClick={() => setDialog('multiple')}>Clone multiple…</Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog('template')}>Save as template…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {copy.isError && (
        <Alert color="red" title="Nothing was copied">
          {describeError(copy.error)}
        </Alert>
      )}
      {dialog === 'multiple' && <CloneMultipleDialog code={code} onClose={() => setDialog(null)} />}
      {dialog === 'template' && <SaveTemplateDialog code={code} onClose={() => setDialog(null)} />}
    </>
  );
}

/** Spec "get-child": the clones made from this code, each a code of its own. */
export function CodeClones({ code }: { code: CodeView }) {
  const clones = useQuery({ queryKey: cloneKeys.children(code.code_id), queryFn: () => clonesApi.children(code.code_id) });
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Clones
      </Title>
      {clones.isError && <Alert color="red">{describeError(clones.error)}</Alert>}
      {clones.data?.length === 0 && <Text c="dimmed">No clones yet. Choose Copy, then Clone, for a new code that starts as this one and is listed here.</Text>}
      {clones.data && clones.data.length > 0 && (
        <List aria-label="Clones of this code">
          {clones.data.map((clone) => (
            <List.Item key={clone.code_id}>
              <Anchor component={Link} to={`/admin/my-codes/show/${clone.code_id}`}>
                {clone.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
