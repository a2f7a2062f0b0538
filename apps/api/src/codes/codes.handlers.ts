import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CodeContent, type CodeCreatedView, type CreateCodeBody, type UpdateCodeBody } from '@qr/contracts';
import { actorId, authoriseCodeChange, codeDecider, codeStreamId, type CodeActor, type CodeCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import type { Config, SqlClient } from '@qr/platform';
import { CONFIG, EVENT_STORE, SQL_CLIENT } from '../infrastructure';
import { decideOnStream } from '../decide-on-stream';
import { actorOf, refuseOtherOrganizationsKey, type Caller } from '../identity/caller';
import { Membership } from '../identity/organization.queries';
import { newCodeId } from './code-id';
import { contentOf, designOf, publicLinkOf, qrUrlOf } from './code-views';
import { UploadedImages } from '../uploads/uploaded-images';
import { QrImages } from './qr-images';

export class CreateCodeCommand extends Command<CodeCreatedView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateCodeBody,
  ) {
    super();
  }
}

/** Changes of an existing code; the handler finds its organisation and the caller's role there. */
export type CodeChange = { type: 'UpdateCode'; body: UpdateCodeBody } | { type: 'PauseCode' } | { type: 'ResumeCode' } | { type: 'DeleteCode' };

export class ChangeCodeCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly codeId: string,
    readonly change: CodeChange,
  ) {
    super();
  }
}

/** Load, fold, decide, append: the one write path of code streams. */
@Injectable()
export class CodeStream {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  /** The caller as the code's organisation knows them, or 404 for a code they cannot see. */
  async actorFor(caller: Caller, orgId: string): Promise<CodeActor> {
    refuseOtherOrganizationsKey(caller, orgId);
    return { id: actorId(actorOf(caller)), role: await this.membership.roleOf(caller, orgId) };
  }

  /** The organisation of a code, from the read model; other tenants' codes answer as unknown ones. */
  async organizationOf(caller: Caller, codeId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM codes WHERE code_id = $1', [codeId]);
    return this.actorOwning(caller, rows[0]?.org_id, new DomainError('code_not_found', 'No such code.'));
  }

  /**
   * The caller in the organisation that owns a code or a code's page (undefined: no such thing).
   * Someone outside it hears `notFound`, exactly as if the thing did not exist.
   */
  async actorOwning(caller: Caller, orgId: string | undefined, notFound: DomainError): Promise<{ orgId: string; actor: CodeActor }> {
    if (!orgId) throw notFound;
    try {
      return { orgId, actor: await this.actorFor(caller, orgId) };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'organization_not_found') throw notFound;
      throw error;
    }
  }

  async decide(codeId: string, orgId: string, command: CodeCommand): Promise<void> {
    await decideOnStream(this.store, codeStreamId(codeId), codeDecider, command, { org_id: orgId, actor: command.actor.id });
  }
}

/** A business card's photo is one of the organisation's uploads: another organisation's is not found. */
export async function assertPhotoStored(uploads: UploadedImages, orgId: string, content: CodeContent): Promise<void> {
  if (content.type === 'vcard' && content.photo_blob_id) await uploads.assertStored({ orgId, blobId: content.photo_blob_id });
}

@CommandHandler(CreateCodeCommand)
export class CreateCodeHandler implements ICommandHandler<CreateCodeCommand> {
  constructor(
    private readonly stream: CodeStream,
    private readonly images: QrImages,
    private readonly uploads: UploadedImages,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ caller, body }: CreateCodeCommand): Promise<CodeCreatedView> {
    const actor = await this.stream.actorFor(caller, body.org_id);
    // A viewer hears that they may not, not what is wrong with the design they may not save.
    authoriseCodeChange(actor);
    const codeId = newCodeId();
    const content = contentOf(body, ['org_id', 'name', 'design', 'width', 'height']);
    const design = designOf(body);
    await this.images.assertScannable(body.org_id, codeId, design);
    await assertPhotoStored(this.uploads, body.org_id, content);
    await this.stream.decide(codeId, body.org_id, {
      type: 'CreateCode',
      actor,
      code_id: codeId,
      org_id: body.org_id,
      name: body.name,
      content,
      design,
      base_code_id: null,
    });
    return { code_id: codeId, public_link: publicLinkOf(this.config.PUBLIC_URL, codeId), qr_url: qrUrlOf(this.config.PUBLIC_URL, codeId) };
  }
}

@CommandHandler(ChangeCodeCommand)
export class ChangeCodeHandler implements ICommandHandler<ChangeCodeCommand> {
  constructor(
    private readonly stream: CodeStream,
    private readonly images: QrImages,
    private readonly uploads: UploadedImages,
  ) {}

  async execute({ caller, codeId, change }: ChangeCodeCommand): Promise<void> {
    const { orgId, actor } = await this.stream.organizationOf(caller, codeId);
    if (change.type !== 'UpdateCode') return this.stream.decide(codeId, orgId, { type: change.type, actor });
    authoriseCodeChange(actor);
    const content = contentOf(change.body, ['name', 'design', 'width', 'height']);
    const design = designOf(change.body);
    await this.images.assertScannable(orgId, codeId, design);
    await assertPhotoStored(this.uploads, orgId, content);
    await this.stream.decide(codeId, orgId, { type: 'UpdateCode', actor, name: change.body.name, design, content });
  }
}
