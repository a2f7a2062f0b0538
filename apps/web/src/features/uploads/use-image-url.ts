import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LINK_SECONDS } from '@qr/contracts';
import { useOrganizationRecord } from '../organization';
import { imageUrl } from './uploads-api';

/** The link to an uploaded image, or undefined while it is fetched; asked again before the link expires. */
export function useImageUrl(blobId: string | null): string | undefined {
  const { record } = useOrganizationRecord();
  const link = useQuery({
    queryKey: ['uploads', record.org_id, blobId, 'url'],
    queryFn: () => imageUrl(record.org_id, blobId!),
    enabled: blobId !== null && record.org_id !== '',
    staleTime: (DEFAULT_LINK_SECONDS - 60) * 1000,
  });
  return link.data?.url;
}
