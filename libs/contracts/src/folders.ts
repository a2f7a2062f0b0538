import { z } from 'zod';
import { CodeId, paginatedQuery } from './codes';

/**
 * The folders context's HTTP contract (spec §7 "Folders"): an organisation's folders for sorting
 * its codes. A code is in at most one folder; filing it into another moves it, and removing a
 * folder leaves its codes unfiled, never deleted.
 */

export const FolderId = z.uuid().meta({ id: 'FolderId' });

const FolderName = z.string().trim().min(1, { error: 'Give the folder a name.' }).max(80, { error: 'Keep the name to 80 characters.' });

export const CreateFolderBody = z.strictObject({ org_id: z.uuid(), name: FolderName }).meta({ id: 'CreateFolderBody' });
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

export const RenameFolderBody = z.strictObject({ name: FolderName }).meta({ id: 'RenameFolderBody' });
export type RenameFolderBody = z.infer<typeof RenameFolderBody>;

export const FolderPath = z.strictObject({ folder_id: FolderId });
export type FolderPath = z.infer<typeof FolderPath>;

export const FolderCodePath = z.strictObject({ folder_id: FolderId, code_id: CodeId });
export type FolderCodePath = z.infer<typeof FolderCodePath>;

/** Codes to add to or remove from a folder at once: the admin screens' bulk selection and drops. */
export const FolderCodesBody = z
  .strictObject({
    code_ids: z
      .array(CodeId)
      .min(1, { error: 'Pick at least one code.' })
      .max(100, { error: 'At most 100 codes at a time.' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Name each code once.' }),
  })
  .meta({ id: 'FolderCodesBody' });
export type FolderCodesBody = z.infer<typeof FolderCodesBody>;

export const FolderView = z
  .object({
    folder_id: FolderId,
    org_id: z.uuid(),
    name: z.string(),
    code_count: z.number().int().meta({ description: 'Codes in the folder, deleted codes not counted.' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Folder' });
export type FolderView = z.infer<typeof FolderView>;

/** Spec §7 "get codes from folder": `org_id` may be given, and must then be the folder's organisation. */
export const ListFolderCodesQuery = paginatedQuery({ org_id: z.uuid().optional() }).meta({ id: 'ListFolderCodesQuery' });
export type ListFolderCodesQuery = z.infer<typeof ListFolderCodesQuery>;

export const FolderListView = z.array(FolderView).meta({ id: 'FolderList' });
