import type { CodeActor } from '../codes';

/** `folder_id` is drawn by the handler. */
export interface CreateFolder {
  type: 'CreateFolder';
  actor: CodeActor;
  folder_id: string;
  org_id: string;
  name: string;
}

export interface RenameFolder {
  type: 'RenameFolder';
  actor: CodeActor;
  name: string;
}

export interface RemoveFolder {
  type: 'RemoveFolder';
  actor: CodeActor;
}

/**
 * The handler has checked that every code is a live code of the folder's organisation, and left
 * out those already in this folder, so a repeated request records nothing.
 */
export interface FileCodes {
  type: 'FileCodes';
  actor: CodeActor;
  code_ids: string[];
}

/** The handler passes only codes that are in this folder now. */
export interface UnfileCodes {
  type: 'UnfileCodes';
  actor: CodeActor;
  code_ids: string[];
}

export type FolderCommand = CreateFolder | RenameFolder | RemoveFolder | FileCodes | UnfileCodes;
