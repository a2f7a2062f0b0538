import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateFolderBody,
  DomainError,
  FolderCodePath,
  FolderCodesBody,
  FolderPath,
  ListFolderCodesQuery,
  OrgQuery,
  RenameFolderBody,
  type CodeListView,
  type FolderView,
} from '@qr/contracts';
import { ListCodes } from '../codes';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ChangeFolderCommand, CreateFolderCommand, type FolderChange } from './folders.handlers';
import { GetFolder, ListFolders } from './folders.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const folderPath = new ZodValidationPipe(FolderPath, 'path');
const codesBody = new ZodValidationPipe(FolderCodesBody, 'body');

/** Folders (spec §7 "Folders"): create, list, rename, remove, add codes to and remove them from a folder, and a folder's codes. */
@Controller('api/v1/folders')
@ReadModels(...CALLER_ROLES, 'folders', 'codes')
@UseGuards(AuthenticationGuard)
export class FoldersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateFolderBody, 'body')) body: CreateFolderBody): Promise<FolderView> {
    return this.commands.execute(new CreateFolderCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<FolderView[]> {
    return this.queries.execute(new ListFolders(caller, org_id));
  }

  @Get(':folder_id')
  get(@CurrentCaller() caller: Caller, @Param(folderPath) { folder_id }: FolderPath): Promise<FolderView> {
    return this.queries.execute(new GetFolder(caller, folder_id));
  }

  @Patch(':folder_id')
  rename(
    @CurrentCaller() caller: Caller,
    @Param(folderPath) { folder_id }: FolderPath,
    @Body(new ZodValidationPipe(RenameFolderBody, 'body')) { name }: RenameFolderBody,
  ): Promise<FolderView> {
    return this.change(caller, folder_id, { type: 'RenameFolder', name });
  }

  /** The folder's codes stay, in no folder. */
  @Delete(':folder_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(folderPath) { folder_id }: FolderPath): Promise<void> {
    await this.commands.execute(new ChangeFolderCommand(caller, folder_id, { type: 'RemoveFolder' }));
  }

  /** Spec §7 "get codes from folder" (folder_id, org_id, page, pageSize): the code list, narrowed to the folder. */
  @Get(':folder_id/codes')
  async codes(
    @CurrentCaller() caller: Caller,
    @Param(folderPath) { folder_id }: FolderPath,
    @Query(new ZodValidationPipe(ListFolderCodesQuery, 'query')) query: ListFolderCodesQuery,
  ): Promise<CodeListView> {
    const folder = await this.queries.execute(new GetFolder(caller, folder_id));
    if (query.org_id !== undefined && query.org_id !== folder.org_id) throw new DomainError('folder_not_found', 'No such folder in this organisation.');
    return this.queries.execute(new ListCodes(caller, { ...query, org_id: folder.org_id, folder_id }));
  }

  /** Spec §7 "add to folder": a code in another folder moves here. */
  @Post(':folder_id/codes')
  @HttpCode(200)
  file(@CurrentCaller() caller: Caller, @Param(folderPath) { folder_id }: FolderPath, @Body(codesBody) { code_ids }: FolderCodesBody): Promise<FolderView> {
    return this.change(caller, folder_id, { type: 'FileCodes', code_ids });
  }

  /** Spec §7 "remove from folder", for several codes at once: they stay, in no folder. */
  @Post(':folder_id/codes/remove')
  @HttpCode(200)
  unfile(@CurrentCaller() caller: Caller, @Param(folderPath) { folder_id }: FolderPath, @Body(codesBody) { code_ids }: FolderCodesBody): Promise<FolderView> {
    return this.change(caller, folder_id, { type: 'UnfileCodes', code_ids });
  }

  @Delete(':folder_id/codes/:code_id')
  @HttpCode(204)
  async unfileOne(
    @CurrentCaller() caller: Caller,
    @Param(new ZodValidationPipe(FolderCodePath, 'path')) { folder_id, code_id }: FolderCodePath,
  ): Promise<void> {
    await this.commands.execute(new ChangeFolderCommand(caller, folder_id, { type: 'UnfileCodes', code_ids: [code_id] }));
  }

  private async change(caller: Caller, folderId: string, change: FolderChange): Promise<FolderView> {
    await this.commands.execute(new ChangeFolderCommand(caller, folderId, change));
    return this.queries.execute(new GetFolder(caller, folderId));
  }
}
