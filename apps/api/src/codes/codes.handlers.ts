import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CodeContent, CodeCreatedView, CreateCodeBody, UpdateCodeBody } from '@qr/contracts';
import { authoriseCodeChange, codeDecider, codeStreamId, type CodeActor, type CodeCommand } from '@qr/domain';
import type { Config } from '@qr/platform';
import { CONFIG } from '../infrastructure';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { newCodeId } from './code-id';
import { codeNotFound, CodeReads } from './code-reads';
import { contentOf, designOf, publicLinkOf, qrUrlOf } from './code-views';
import { UploadedImages } from '../uploads';
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

/** A business card's photo is one of the organisation's uploads: another organisation's is not found. */
export async function assertPhotoStored(uploads: UploadedImages, orgId: string, content: CodeContent): Promise<void> {
  if (content.type === 'vcard' && content.photo_blob_id) await uploads.assertStored({ orgId, blobId: content.photo_blob_id });
}

@CommandHandler(CreateCodeCommand)
export class CreateCodeHandler implements ICommandHandler<CreateCodeCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
    private readonly images: QrImages,
    private readonly uploads: UploadedImages,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ caller, body }: CreateCodeCommand): Promise<CodeCreatedView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    // A viewer hears that they may not, not what is wrong with the design they may not save.
    authoriseCodeChange(actor);
    const codeId = newCodeId();
    const content = contentOf(body, ['org_id', 'name', 'design', 'width', 'height']);
    const design = designOf(body);
    await this.images.assertScannable(body.org_id, codeId, design);
    await assertPhotoStored(this.uploads, body.org_id, content);
    const command: CodeCommand = {
      type: 'CreateCode',
      actor,
      code_id: codeId,
      org_id: body.org_id,
      name: body.name,
      content,
      design,
      base_code_id: null,
    };
    await this.writer.decide(codeStreamId(codeId), codeDecider, command, { org_id: body.org_id, actor: actor.id });
    return { code_id: codeId, public_link: publicLinkOf(this.config.PUBLIC_URL, codeId), qr_url: qrUrlOf(this.config.PUBLIC_URL, codeId) };
  }
}

@CommandHandler(ChangeCodeCommand)
export class ChangeCodeHandler implements ICommandHandler<ChangeCodeCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly writer: StreamWriter,
    private readonly images: QrImages,
    private readonly uploads: UploadedImages,
  ) {}

  async execute({ caller, codeId, change }: ChangeCodeCommand): Promise<void> {
    const { orgId, actor } = await this.gate.actorOwning(caller, await this.codes.ownerOf(codeId), codeNotFound());
    const command = await this.commandFor(change, orgId, codeId, actor);
    await this.writer.decide(codeStreamId(codeId), codeDecider, command, { org_id: orgId, actor: actor.id });
  }

  private async commandFor(change: CodeChange, orgId: string, codeId: string, actor: CodeActor): Promise<CodeCommand> {
    if (change.type !== 'UpdateCode') return { type: change.type, actor };
    authoriseCodeChange(actor);
    const content = contentOf(change.body, ['name', 'design', 'width', 'height']);
    const design = designOf(change.body);
    await this.images.assertScannable(orgId, codeId, design);
    await assertPhotoStored(this.uploads, orgId, content);
    return { type: 'UpdateCode', actor, name: change.body.name, design, content };
  }
}
