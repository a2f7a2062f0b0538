import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_CLONES_AT_ONCE, type CloneOverride, type CodeView } from '@qr/contracts';
import { cloneName } from '@qr/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { codeKeys } from '../codes';
import { ApiProblem, describeError } from '../../api/api-problem';
import { clonesApi } from './clones-api';
import { counted } from '../../components/counted';

interface Row {
  name: string;
  url: string;
}

const emptyRow = (): Row => ({ name: '', url: '' });

/** A blank field keeps the base's value: the server names the clone and keeps the base's address. */
const overrideOf = (row: Row): CloneOverride => ({ ...(row.name.trim() ? { name: row.name.trim() } : {}), ...(row.url.trim() ? { url: row.url.trim() } : {}) });

/** The server names a bad field `body.data.{row}.{field}`; shown under that row's field. */
function rowErrors(error: unknown): Map<string, string> {
  const byField = new Map<string, string>();
  if (error instanceof ApiProblem) for (const { field, message } of error.errors) byField.set(field.replace(/^body\.data\./, ''), message);
  return byField;
}

/** Spec "clone multiple (code_id, data)": one row per clone; all are made, or none when a row is wrong. */
export function CloneMultipleDialog({ code, onClose }: { code: CodeView; onClose: () => void }) {
  const [rows, setRows] = useState<Row[]>([emptyRow(), emptyRow(), emptyRow()]);
  const [withPage, setWithPage] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => clonesApi.cloneMultiple({ code_id: code.code_id, data: rows.map(overrideOf), with_page: withPage }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      onClose();
      navigate(`/admin/my-codes/show/${code.code_id}`);
    },
  });
  const errors = rowErrors(create.error);
  const isUrl = code.type === 'url';
  const change = (index: number, field: keyof Row, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <Modal opened onClose={onClose} title={`Clone “${code.name}” several times`} size="lg">
      <Stack>
        <Text size="sm">
          Each row becomes a code of its own with its own QR, starting as a copy of this one
          {isUrl ? '; give a row a web address to send it somewhere else' : ''}. Leave a name blank to number it.
        </Text>
        {rows.map((row, index) => (
          <Group key={index} align="flex-start" wrap="nowrap">
            <TextInput
              label={`Clone ${index + 1} name`}
              placeholder={cloneName(code.name, index + 1)}
              value={row.name}
              error={errors.get(`${index}.name`)}
              onChange={(event) => change(index, 'name', event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {isUrl && (
              <TextInput
                label={`Clone ${index + 1} web address`}
                placeholder={typeof code['url'] === 'string' ? code['url'] : 'https://'}
                value={row.url}
                error={errors.get(`${index}.url`)}
                onChange={(event) => change(index, 'url', event.currentTarget.value)}
                style={{ flex: 1 }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={`Remove clone ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" disabled={rows.length >= MAX_CLONES_AT_ONCE} onClick={() => setRows((current) => [...current, emptyRow()])}>
            Add a row
          </Button>
        </Group>
        {code.type === 'page' && (
          <Checkbox label="Copy the landing page to every clone" checked={withPage} onChange={(event) => setWithPage(event.currentTarget.checked)} />
        )}
        {create.isError && errors.size === 0 && <Alert color="red">{describeError(create.error)}</Alert>}
        {errors.size > 0 && <Alert color="red">Nothing was created: correct the rows marked below and try again.</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={() => create.mutate()}>
            Create {counted(rows.length, 'clone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
