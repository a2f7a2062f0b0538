import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreateFolderBody, type FolderView } from '@qr/contracts';
import { folderDecider, folderStreamId, type CodeActor, type FolderCommand } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { CodeReads } from '../codes';
import { decidedEvent, StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** Answers with the new folder as created: it holds no codes yet. */
export class CreateFolderCommand extends Command<FolderView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateFolderBody,
  ) {
    super();
  }
}

/** Changes of an existing folder; the handler finds its organisation and the caller's role there. */
export type FolderChange =
  { type: 'RenameFolder'; name: string } | { type: 'RemoveFolder' } | { type: 'FileCodes'; code_ids: string[] } | { type: 'UnfileCodes'; code_ids: string[] };

export class ChangeFolderCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly folderId: string,
    readonly change: FolderChange,
  ) {
    super();
  }
}

@CommandHandler(CreateFolderCommand)
export class CreateFolderHandler implements ICommandHandler<CreateFolderCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreateFolderCommand): Promise<FolderView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    const folderId = randomUUID();
    const command: FolderCommand = { type: 'CreateFolder', actor, folder_id: folderId, org_id: body.org_id, name: body.name };
    const at = new Date();
    const decided = await this.writer.decide(folderStreamId(folderId), folderDecider, command, { org_id: body.org_id, actor: actor.id }, at);
    const { org_id, name } = decidedEvent(decided, 'FolderCreated').data;
    return { folder_id: folderId, org_id, name, code_count: 0, created_at: at.toISOString(), updated_at: at.toISOString() };
  }
}

@CommandHandler(ChangeFolderCommand)
export class ChangeFolderHandler implements ICommandHandler<ChangeFolderCommand> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, folderId, change }: ChangeFolderCommand): Promise<void> {
    const { orgId, actor } = await this.organizationOf(caller, folderId);
    const command = await this.commandFor(change, orgId, folderId, actor);
    await this.writer.decide(folderStreamId(folderId), folderDecider, command, { org_id: orgId, actor: actor.id });
  }

  private async commandFor(change: FolderChange, orgId: string, folderId: string, actor: CodeActor): Promise<FolderCommand> {
    switch (change.type) {
      case 'RenameFolder':
        return { type: 'RenameFolder', actor, name: change.name };
      case 'RemoveFolder':
        return { type: 'RemoveFolder', actor };
      case 'FileCodes': {
        // Codes already here are left out, so filing them again records nothing.
        const current = await this.codesOf(orgId, change.code_ids);
        const code_ids = change.code_ids.filter((id) => current.get(id) !== folderId);
        return { type: 'FileCodes', actor, code_ids };
      }
      case 'UnfileCodes': {
        const current = await this.codesOf(orgId, change.code_ids);
        const code_ids = change.code_ids.filter((id) => current.get(id) === folderId);
        return { type: 'UnfileCodes', actor, code_ids };
      }
    }
  }

  /** The folder's organisation and the caller there; removed folders and other tenants' answer as unknown ones. */
  private async organizationOf(caller: Caller, folderId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM folders WHERE folder_id = $1', [folderId]);
    return this.gate.actorOwning(caller, rows[0]?.org_id, new DomainError('folder_not_found', 'No such folder.'));
  }

  /**
   * The codes of the folder's organisation among `codeIds`, with the folder each is in. A code of
   * another organisation, a deleted one or an unknown one refuses the whole request, naming them:
   * nothing is filed unless everything can be.
   */
  private async codesOf(orgId: string, codeIds: readonly string[]): Promise<Map<string, string | null>> {
    const found = await this.codes.liveFolders(orgId, codeIds);
    const missing = codeIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new DomainError('code_not_found', `No code ${missing.join(', ')} in this folder’s organisation.`, { code_ids: missing });
    }
    return found;
  }
}
