import { useQuery } from '@tanstack/react-query';
import { PublicCodeView } from '@qr/contracts';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';

/** The code cannot be shown: unknown, deleted, or a malformed id. */
export class CodeUnavailable extends Error {}

/** Without sign-in: a visitor's page carries no sign-in or admin code (DESIGN.md §7). */
export async function fetchPublicCode(codeId: string): Promise<PublicCodeView> {
  const path = `/api/v1/public/codes/${encodeURIComponent(codeId)}`;
  const response = await publicFetch(path);
  if (response.ok) return readAnswer(PublicCodeView, response, operationOf(path));
  if (response.status === 404 || response.status === 400) throw new CodeUnavailable();
  throw new Error(`This code could not be opened (${response.status}). Please try again.`);
}

/** A code as its visitors see it; an unknown or deleted one is not asked for again. */
export const usePublicCode = (codeId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['public-code', codeId],
    queryFn: () => fetchPublicCode(codeId),
    enabled,
    retry: (count, error) => !(error instanceof CodeUnavailable) && count < 3,
  });

export const vcardDownloadUrl = (codeId: string) => `/api/v1/public/codes/${encodeURIComponent(codeId)}/vcard`;
/** An active code's image in its design; a paused or unknown code has none (404). */
export const publicQrImageUrl = (codeId: string) => `/api/v1/public/codes/${encodeURIComponent(codeId)}/qr`;

/** Reads a text field of a code's content (a visitor's or its owner's view); an empty or other value is absent. */
export const field = (code: Record<string, unknown>, name: string): string | undefined => {
  const value = code[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
