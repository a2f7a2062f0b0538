import {
  CodeCreatedView,
  CodeListView,
  CodeNameView,
  CodeView,
  QrPreviewView,
  type CreateCodeBody,
  type QrDesign,
  type QrHolds,
  type QrImageFormat,
  type UpdateCodeBody,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';

export const codeKeys = {
  all: ['codes'] as const,
  lists: () => [...codeKeys.all, 'list'] as const,
  list: (orgId: string, page: number, filter: string, folder: string) => [...codeKeys.lists(), orgId, page, filter, folder] as const,
  one: (codeId: string) => [...codeKeys.all, 'one', codeId] as const,
  names: (orgId: string) => [...codeKeys.all, 'names', orgId] as const,
  /** Every image of one code, whatever its version or what it holds. */
  images: (codeId: string) => [...codeKeys.all, 'image', codeId] as const,
  image: (codeId: string, updatedAt: string, holds: QrHolds = 'link') => [...codeKeys.images(codeId), updatedAt, holds] as const,
  /** A design drawn before it is saved: the live preview and the presets' pictures share these. */
  preview: (design: QrDesign, orgId: string) => ['qr-preview', design, orgId] as const,
};

/** An SVG the server drew, as an image source. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const base = '/api/v1/codes';
const codePath = (codeId: string) => `${base}/${encodeURIComponent(codeId)}`;

export const codesApi = {
  /** `folder`: a folder id, `none` for codes in no folder, or '' for every code. */
  list: (orgId: string, page: number, filter: string, folder = '') =>
    call(
      CodeListView,
      `${base}?${new URLSearchParams({ org_id: orgId, page: String(page), per_page: '10', ...(filter ? { filter } : {}), ...(folder ? { folder_id: folder } : {}) })}`,
    ),
  get: (codeId: string) => call(CodeView, codePath(codeId)),
  /** Every code's id and name, for pickers. */
  names: (orgId: string) => call(z.array(CodeNameView), `${base}/names?${new URLSearchParams({ org_id: orgId })}`),
  create: (body: CreateCodeBody) => call(CodeCreatedView, base, { method: 'POST', body: JSON.stringify(body) }),
  update: (codeId: string, body: UpdateCodeBody) => call(CodeView, codePath(codeId), { method: 'PUT', body: JSON.stringify(body) }),
  pause: (codeId: string) => call(CodeView, `${codePath(codeId)}/pause`, { method: 'POST' }),
  resume: (codeId: string) => call(CodeView, `${codePath(codeId)}/resume`, { method: 'POST' }),
  remove: (codeId: string) => call(NoContent, codePath(codeId), { method: 'DELETE' }),
  /** The organization is needed for a design with an uploaded logo: the server reads the logo from its uploads. */
  preview: (design: QrDesign, orgId: string) =>
    call(QrPreviewView, `${base}/qr-preview`, { method: 'POST', body: JSON.stringify({ design, ...(orgId ? { org_id: orgId } : {}) }) }),
  /** The image needs the bearer token, so it is fetched rather than linked. */
  image: async (codeId: string, format: QrImageFormat, size?: number, holds: QrHolds = 'link'): Promise<Blob> => {
    const query = new URLSearchParams({ format, ...(size ? { size: String(size) } : {}), ...(holds === 'link' ? {} : { holds }) });
    const response = await apiFetch(`${codePath(codeId)}/qr?${query}`);
    if (!response.ok) throw await problem(response);
    return response.blob();
  },
};

/** Saves a blob as a file through a temporary link: downloads of signed-in images cannot be plain hrefs. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
