import { NoteListView, NoteView, type AddNoteBody } from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';

export const noteKeys = {
  all: ['notes'] as const,
  ofCode: (codeId: string) => [...noteKeys.all, 'code', codeId] as const,
  ofOrganization: (orgId: string, page: number) => [...noteKeys.all, 'organization', orgId, page] as const,
};

const base = '/api/v1/notes';

export const notesApi = {
  /** A code's notes, newest first; a code rarely has more than a page of them. */
  ofCode: (codeId: string) => call(NoteListView, `${base}?${new URLSearchParams({ code_id: codeId, pageSize: '100' })}`),
  ofOrganization: (orgId: string, page: number, pageSize: number) =>
    call(NoteListView, `${base}?${new URLSearchParams({ org_id: orgId, page: String(page), pageSize: String(pageSize) })}`),
  add: (body: AddNoteBody) => call(NoteView, base, { method: 'POST', body: JSON.stringify(body) }),
  remove: (noteId: string) => call(NoContent, `${base}/${encodeURIComponent(noteId)}`, { method: 'DELETE' }),
};
