import { BlobUrlView, DEFAULT_LINK_SECONDS } from '@qr/contracts';
import { useQueries } from '@tanstack/react-query';
import { call } from '../../api/api-call';

export const uploadKeys = {
  url: (orgId: string, blobId: string) => ['uploads', orgId, blobId, 'url'] as const,
};

/** A link to an uploaded image (spec §7 "generate URL"), for staff to look at it. */
export const imageUrl = (orgId: string, blobId: string) =>
  call(BlobUrlView, `/api/v1/uploads/${encodeURIComponent(blobId)}/url?${new URLSearchParams({ org_id: orgId })}`);

// A link is asked for again well before the hour it works for is up.
const LINK_FRESH_MS = (DEFAULT_LINK_SECONDS * 1000) / 2;

/** Links to the organization's uploaded images by file id; an image whose link has not arrived (or failed) is missing. */
export function useUploadedImageUrls(orgId: string, blobIds: readonly string[]): Record<string, string> {
  const unique = [...new Set(blobIds)];
  const answers = useQueries({
    queries: unique.map((blobId) => ({
      queryKey: uploadKeys.url(orgId, blobId),
      queryFn: () => imageUrl(orgId, blobId),
      enabled: orgId !== '',
      staleTime: LINK_FRESH_MS,
    })),
  });
  return Object.fromEntries(unique.flatMap((blobId, index) => (answers[index]?.data ? [[blobId, answers[index].data.url]] : [])));
}
