/**
 * Everything that happens to a folder, on its stream `folder-<folder_id>`. Filing is recorded on
 * the folder the codes go into: a code is in the folder that filed it last, so filing it into
 * another folder moves it, and the read models resolve that by log order
 * (docs/decisions/014-a-codes-folder-by-log-order.md). `*_by` fields name the actor as code events do.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type FolderCreated = Event<'FolderCreated', { folder_id: string; org_id: string; name: string; created_by: string }>;

export type FolderRenamed = Event<'FolderRenamed', { name: string; renamed_by: string }>;

/** The folder's codes become unfiled; the codes themselves are untouched. */
export type FolderRemoved = Event<'FolderRemoved', { removed_by: string }>;

/** The codes are now in this folder, wherever they were before. */
export type CodesFiled = Event<'CodesFiled', { code_ids: string[]; filed_by: string }>;

/** The codes leave this folder and are in no folder. */
export type CodesUnfiled = Event<'CodesUnfiled', { code_ids: string[]; unfiled_by: string }>;

export type FolderEvent = FolderCreated | FolderRenamed | FolderRemoved | CodesFiled | CodesUnfiled;

export const folderStreamId = (folderId: string): string => `folder-${folderId}`;
