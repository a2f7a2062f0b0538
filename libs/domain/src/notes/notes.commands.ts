import type { CodeActor } from '../codes';

/** `note_id` is drawn by the handler, which has checked that the code is a live code of `org_id`. */
export interface AddNote {
  type: 'AddNote';
  actor: CodeActor;
  note_id: string;
  code_id: string;
  org_id: string;
  text: string;
}

export interface DeleteNote {
  type: 'DeleteNote';
  actor: CodeActor;
}

export type NoteCommand = AddNote | DeleteNote;
