import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreateFolderBody } from '@qr/contracts';
import { folderDecider, folderStreamId, type CodeActor, type FolderCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { CodeStream } from '../codes/codes.handlers';
import { decideOnStream } from '../decide-on-stream';
import type { Caller } from '../identity/caller';
import { EVENT_STORE, SQL_CLIENT } from '../infrastructure';

/** Answers with the new folder's id. */
export class CreateFolderCommand extends Command<string> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateFolderBody,
  ) {
    super();
  }
}

/** Changes of an existing folder; the handler finds its organisation and the caller's role there. */
export type FolderChange =
  | { type: 'RenameFolder'; name: string }
  | { type: 'RemoveFolder' }
  | { type: 'FileCodes'; code_ids: string[] }
  | { type: 'UnfileCodes'; code_ids: string[] };

export class ChangeFolderCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly folderId: string,
    readonly change: FolderChange,
  ) {
    super();
  }
}

const folderNotFound = () => new DomainError('folder_not_found', 'No such folder.');

/** Load, fold, decide, append: the one write path of folder streams. */
@Injectable()
export class FolderStream {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly codes: CodeStream,
  ) {}

  /** The folder's organisation and the caller there; removed folders and other tenants' answer as unknown ones. */
  async organizationOf(caller: Caller, folderId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM folders WHERE folder_id = $1', [folderId]);
    return this.codes.actorOwning(caller, rows[0]?.org_id, folderNotFound());
  }

  /**
   * The codes of the folder's organisation among `codeIds`, with the folder each is in. A code of
   * another organisation, a deleted one or an unknown one refuses the whole request, naming them:
   * nothing is filed unless everything can be.
   */
  async codesOf(orgId: string, codeIds: readonly string[]): Promise<Map<string, string | null>> {
    const { rows } = await this.db.query<{ code_id: string; folder_id: string | null }>(
      `SELECT code_id, folder_id FROM codes WHERE code_id = ANY($1::text[]) AND org_id = $2 AND status <> 'deleted'`,
      [codeIds, orgId],
    );
    const found = new Map(rows.map((row) => [row.code_id, row.folder_id]));
    const missing = codeIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new DomainError('code_not_found', `No code ${missing.join(', ')} in this folder’s organisation.`, { code_ids: missing });
    }
    return found;
  }

  async decide(folderId: string, orgId: string, command: FolderCommand): Promise<void> {
    await decideOnStream(this.store, folderStreamId(folderId), folderDecider, command, { org_id: orgId, actor: command.actor.id });
  }
}

@CommandHandler(CreateFolderCommand)
export class CreateFolderHandler implements ICommandHandler<CreateFolderCommand> {
  constructor(
    private readonly folders: FolderStream,
    private readonly codes: CodeStream,
  ) {}

  async execute({ caller, body }: CreateFolderCommand): Promise<string> {
    const actor = await this.codes.actorFor(caller, body.org_id);
    const folderId = randomUUID();
    await this.folders.decide(folderId, body.org_id, { type: 'CreateFolder', actor, folder_id: folderId, org_id: body.org_id, name: body.name });
    return folderId;
  }
}

@CommandHandler(ChangeFolderCommand)
export class ChangeFolderHandler implements ICommandHandler<ChangeFolderCommand> {
  constructor(private readonly folders: FolderStream) {}

  async execute({ caller, folderId, change }: ChangeFolderCommand): Promise<void> {
    const { orgId, actor } = await this.folders.organizationOf(caller, folderId);
    switch (change.type) {
      case 'RenameFolder':
        return this.folders.decide(folderId, orgId, { type: 'RenameFolder', actor, name: change.name });
      case 'RemoveFolder':
        return this.folders.decide(folderId, orgId, { type: 'RemoveFolder', actor });
      case 'FileCodes': {
        // Codes already here are left out, so filing them again records nothing.
        const current = await this.folders.codesOf(orgId, change.code_ids);
        const code_ids = change.code_ids.filter((id) => current.get(id) !== folderId);
        return this.folders.decide(folderId, orgId, { type: 'FileCodes', actor, code_ids });
      }
      case 'UnfileCodes': {
        const current = await this.folders.codesOf(orgId, change.code_ids);
        const code_ids = change.code_ids.filter((id) => current.get(id) === folderId);
        return this.folders.decide(folderId, orgId, { type: 'UnfileCodes', actor, code_ids });
      }
    }
  }
}
