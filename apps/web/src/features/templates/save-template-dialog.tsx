import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SaveCodeAsTemplateBody, type CodeView } from '@qr/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { templateKeys, templatesApi } from './templates-api';

/** "Save as template": the code's design, content and landing page, under a name and a line saying what it is for. */
export function SaveTemplateDialog({ code, onClose }: { code: CodeView; onClose: () => void }) {
  const [name, setName] = useState(code.name.slice(0, 80));
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: SaveCodeAsTemplateBody) => templatesApi.saveFromCode(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      navigate('/admin/templates');
    },
  });
  const submit = () => {
    const checked = contractFieldErrors(SaveCodeAsTemplateBody, { code_id: code.code_id, name, description });
    setErrors(checked.errors ?? {});
    if (checked.data) save.mutate(checked.data);
  };
  return (
    <Modal opened onClose={onClose} title="Save as template">
      <Stack>
        <Text size="sm">
          The template keeps this code’s design and content{code.type === 'page' ? ' and its landing page' : ''}. New codes start from it under Templates; this
          code does not change.
        </Text>
        <TextInput label="Template name" value={name} error={errors['name']} onChange={(event) => setName(event.currentTarget.value)} />
        <Textarea
          label="What it is for"
          placeholder="e.g. Table tents for the terrace"
          value={description}
          error={errors['description']}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {save.isError && <Alert color="red">{describeError(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
