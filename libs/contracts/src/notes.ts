import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';

/** The notes context's HTTP contract (spec §3 "Note", §7 "Notes"): staff's notes on their codes. */

export const NoteId = z.uuid().meta({ id: 'NoteId' });

export const AddNoteBody = z
  .strictObject({
    code_id: CodeId,
    text: z.string().trim().min(1, { error: 'Write the note first.' }).max(2000, { error: 'Keep a note to 2000 characters.' }),
  })
  .meta({ id: 'AddNoteBody' });
export type AddNoteBody = z.infer<typeof AddNoteBody>;

export const NotePath = z.strictObject({ id: NoteId });
export type NotePath = z.infer<typeof NotePath>;

/** Spec §7 "get QR notes (code_id)" and "get all notes (org_id)": exactly one of the two, newest first. */
export const ListNotesQuery = paginatedQuery({ org_id: z.uuid().optional(), code_id: CodeId.optional() }, 100)
  .refine((query) => (query.org_id === undefined) !== (query.code_id === undefined), {
    error: 'Give either org_id (all the organisation’s notes) or code_id (one code’s notes).',
    path: ['org_id'],
  })
  .meta({ id: 'ListNotesQuery' });
export type ListNotesQuery = z.infer<typeof ListNotesQuery>;

export const NoteView = z
  .object({
    id: NoteId,
    code_id: CodeId,
    org_id: z.uuid(),
    text: z.string(),
    code_name: z.string().meta({ description: 'The name of the code the note is on.' }),
    created_by: z.string().meta({ description: 'Who wrote it: a member’s email, or `api_key:<key_id>`.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Note' });
export type NoteView = z.infer<typeof NoteView>;

export const NoteListView = paginatedList(NoteView).meta({ id: 'NoteList' });
export type NoteListView = z.infer<typeof NoteListView>;
