import { Button, FileButton, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { UPLOAD_IMAGE_TYPES } from '@qr/contracts';
import { describeError } from '../../api/api-problem';
import { useOrganizationRecord } from '../organization';
import { uploadKeys } from './uploaded-image-urls';
import { uploadImage } from './uploads-api';

/**
 * Uploads an image to the current organization and hands back its file id: a logo, a card photo,
 * a page's picture. Without `onRemove` there is no Remove button (a page block is removed whole).
 * A refused file says why (too large before sending, otherwise the server's reason).
 */
export function ImageUploadButton({
  what,
  uploaded,
  onUploaded,
  onRemove,
}: {
  what: string;
  uploaded: boolean;
  onUploaded(blobId: string): void;
  onRemove?(): void;
}) {
  const { record } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(record.org_id, file),
    onSuccess: (image) => {
      // The upload's answer carries a link already: a thumbnail of it needs no second request.
      queryClient.setQueryData(uploadKeys.url(record.org_id, image.blob_id), { url: image.url, expires_at: image.expires_at });
      onUploaded(image.blob_id);
    },
  });
  // Browsers fire no change for the file already in the input: without clearing it, a logo removed
  // (or refused) and picked again would do nothing.
  const clearPicked = useRef<() => void>(null);
  const pick = (file: File | null) => {
    clearPicked.current?.();
    if (file) upload.mutate(file);
  };
  return (
    <>
      <Group gap="xs">
        <FileButton accept={UPLOAD_IMAGE_TYPES.join(',')} resetRef={clearPicked} onChange={pick} disabled={record.org_id === ''}>
          {(props) => (
            <Button size="xs" variant="default" loading={upload.isPending} {...props}>
              {uploaded ? `Replace ${what}` : `Upload a ${what}`}
            </Button>
          )}
        </FileButton>
        {uploaded && onRemove && (
          <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
            Remove {what}
          </Button>
        )}
      </Group>
      {upload.isError && (
        <Text size="sm" c="red">
          {describeError(upload.error)}
        </Text>
      )}
    </>
  );
}
