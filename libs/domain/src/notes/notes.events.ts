/** A note's life, on its stream `note-<note_id>`. `*_by` fields name the actor as code events do. */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type NoteAdded = Event<'NoteAdded', { note_id: string; code_id: string; org_id: string; text: string; added_by: string }>;

export type NoteDeleted = Event<'NoteDeleted', { deleted_by: string }>;

export type NoteEvent = NoteAdded | NoteDeleted;

export const noteStreamId = (noteId: string): string => `note-${noteId}`;
