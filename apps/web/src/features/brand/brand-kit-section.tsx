import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { themeContrastProblems, type ThemeStyle, type MyOrganizationView } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/api-problem';
import { organizationKeys } from '../organization';
import { brandKitApi } from './brand-kit-api';
import { ContrastRefusal, ContrastReport } from './contrast-report';
import { onPlainBackground, ThemePreview } from './theme-preview';
import { ThemeStyleEditor } from './theme-style-editor';

/**
 * The organisation's brand kit on its settings screen: the look every page takes unless it has its
 * own theme, with a phone-sized preview beside it. Saving is refused while a colour pair fails WCAG
 * AA, with the pairs listed beside the button. Key it by organisation, so switching starts afresh.
 */
export function BrandKitSection({ organization, canEdit }: { organization: MyOrganizationView; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [style, setStyle] = useState<ThemeStyle>(organization.brand_kit);
  const [refused, setRefused] = useState(false);
  const problems = themeContrastProblems(style);
  const save = useMutation({
    mutationFn: (kit: ThemeStyle) => brandKitApi.update(organization.organization_id, kit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
  const edit = (next: ThemeStyle) => {
    setStyle(next);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(problems.length > 0);
    if (problems.length === 0) save.mutate(style);
  };
  return (
    <Stack gap="md" component="section" aria-labelledby="brand-kit-title">
      <div>
        <Title order={2} id="brand-kit-title">
          Brand kit
        </Title>
        <Text size="sm">How your visitor pages look: every page uses these unless it has a theme of its own. The logo is the one in the details above.</Text>
      </div>
      <Group align="flex-start" gap="xl">
        <form onSubmit={submit} noValidate aria-label="Brand kit" style={{ flex: '1 1 360px', maxWidth: 560 }}>
          <Stack gap="md">
            <ThemeStyleEditor value={style} disabled={!canEdit} onChange={edit} />
            <ContrastReport problems={problems} />
            {canEdit ? (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Save brand kit
                </Button>
                {save.isSuccess && (
                  <Text size="sm" role="status">
                    Saved. Pages that use the brand kit now look like this.
                  </Text>
                )}
              </Group>
            ) : (
              <Text size="sm">Owners and admins change the brand kit.</Text>
            )}
            {refused && problems.length > 0 && <ContrastRefusal problems={problems} />}
            {save.isError && (
              <Alert color="red" title="The brand kit was not saved">
                {describeError(save.error)}
              </Alert>
            )}
          </Stack>
        </form>
        <ThemePreview theme={onPlainBackground(style)} organizationName={organization.organization_name} logo={organization.organization_logo ?? ''} />
      </Group>
    </Stack>
  );
}
