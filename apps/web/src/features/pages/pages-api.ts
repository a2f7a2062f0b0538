import { PageCreatedView, PageView, SubmissionListView, type CreatePageBody, type UpdatePageBody } from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';

export const pageKeys = {
  all: ['pages'] as const,
  ofCode: (codeId: string) => [...pageKeys.all, 'code', codeId] as const,
  one: (pageId: string) => [...pageKeys.all, 'one', pageId] as const,
  submissions: (pageId: string, page: number) => [...pageKeys.all, 'submissions', pageId, page] as const,
};

const base = '/api/v1/pages';
const pagePath = (pageId: string) => `${base}/${encodeURIComponent(pageId)}`;

export const pagesApi = {
  ofCode: (codeId: string) => call(z.array(PageView), `${base}?${new URLSearchParams({ code_id: codeId })}`),
  get: (pageId: string) => call(PageView, pagePath(pageId)),
  create: (body: Partial<CreatePageBody> & { code_id: string }) => call(PageCreatedView, base, { method: 'POST', body: JSON.stringify(body) }),
  update: (pageId: string, body: UpdatePageBody) => call(PageView, pagePath(pageId), { method: 'PUT', body: JSON.stringify(body) }),
  remove: (pageId: string) => call(NoContent, pagePath(pageId), { method: 'DELETE' }),
  submissions: (pageId: string, page: number) =>
    call(SubmissionListView, `${pagePath(pageId)}/submissions?${new URLSearchParams({ page: String(page), per_page: '20' })}`),
};
