import { AddNoteBody, ListNotesQuery, NoteListView, NotePath, NoteView } from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/** Notes in the OpenAPI document, from the contracts the routes validate with. */
export function registerNotesPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('notes', '/api/v1/notes');
  route('post', '', 'Add a note to a code (owner, admin, editor)', { 201: json('Added', NoteView) }, { body: body(AddNoteBody) });
  route(
    'get',
    '',
    'Notes newest first: one code’s (`code_id`) or the whole organisation’s (`org_id`); a deleted code’s are hidden',
    { 200: json('Listed', NoteListView) },
    {
      query: ListNotesQuery,
    },
  );
  route('delete', '/{id}', 'Delete a note', { 204: { description: 'Deleted' } }, { params: NotePath });
}
