import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CodeCreatedView, SaveCodeAsTemplateBody, SubmitTemplateBody, TemplateView, UseTemplateBody } from '@qr/contracts';
import { templateDecider, templateStreamId, type CodeActor, type SaveTemplate } from '@qr/domain';
import { CodeCopies } from '../clones';
import { assertPhotoStored, newCodeId, QrImages } from '../codes';
import { decidedEvent, StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { storedPage } from '../pages';
import { UploadedImages } from '../uploads';
import { TemplateCatalogue } from './templates.queries';

/** Spec "Submit template": a template written from scratch, or (`from_code`) saved from one of the organisation's codes. */
export class SaveTemplateCommand extends Command<TemplateView> {
  constructor(
    readonly caller: Caller,
    readonly source: { from: 'body'; body: SubmitTemplateBody } | { from: 'code'; body: SaveCodeAsTemplateBody },
  ) {
    super();
  }
}

export class DeleteTemplateCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly templateId: string,
  ) {
    super();
  }
}

/** A new code from a gallery or organisation template, with its landing page. */
export class UseTemplateCommand extends Command<CodeCreatedView> {
  constructor(
    readonly caller: Caller,
    readonly templateId: string,
    readonly body: UseTemplateBody,
  ) {
    super();
  }
}

@CommandHandler(SaveTemplateCommand)
export class SaveTemplateHandler implements ICommandHandler<SaveTemplateCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly gate: TenancyGate,
    private readonly copies: CodeCopies,
    private readonly images: QrImages,
    private readonly uploads: UploadedImages,
  ) {}

  async execute({ caller, source }: SaveTemplateCommand): Promise<TemplateView> {
    const template_id = randomUUID();
    const command = source.from === 'code' ? await this.fromCode(caller, source.body) : await this.submitted(caller, source.body);
    const saved: SaveTemplate = { type: 'SaveTemplate', template_id, ...command };
    const at = new Date();
    const decided = await this.writer.decide(templateStreamId(template_id), templateDecider, saved, { org_id: saved.org_id, actor: saved.actor.id }, at);
    const { org_id, name, description, content, design, page } = decidedEvent(decided, 'TemplateSaved').data;
    return { template_id, org_id, name, description, content, design, page, source: 'organization', created_at: at.toISOString() };
  }

  /** The code's content and design as they are now, and its first landing page. */
  private async fromCode(caller: Caller, body: SaveCodeAsTemplateBody): Promise<Omit<SaveTemplate, 'type' | 'template_id'>> {
    const code = await this.copies.source(caller, body.code_id);
    const [page = null] = await this.copies.pagesOf(code.code_id);
    const { org_id, content, design, actor } = code;
    return { actor, org_id, name: body.name ?? code.name.slice(0, 80), description: body.description, content, design, page, source_code_id: code.code_id };
  }

  /** Checked as a code and a page are when saved: a design that scans, the organisation's own images, sanitised text. */
  private async submitted(caller: Caller, body: SubmitTemplateBody): Promise<Omit<SaveTemplate, 'type' | 'template_id'>> {
    const actor: CodeActor = await this.gate.actorIn(caller, body.org_id);
    const { org_id, name, description, content, design, page } = body;
    await this.images.assertScannable(org_id, newCodeId(), design);
    await assertPhotoStored(this.uploads, org_id, content);
    const checkedPage = page === null ? null : await storedPage(this.uploads, org_id, page);
    return { actor, org_id, name, description, content, design, page: checkedPage, source_code_id: null };
  }
}

@CommandHandler(DeleteTemplateCommand)
export class DeleteTemplateHandler implements ICommandHandler<DeleteTemplateCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly catalogue: TemplateCatalogue,
  ) {}

  async execute({ caller, templateId }: DeleteTemplateCommand): Promise<void> {
    const { orgId, actor } = await this.catalogue.ownedTemplate(caller, templateId);
    await this.writer.decide(templateStreamId(templateId), templateDecider, { type: 'DeleteTemplate', actor }, { org_id: orgId, actor: actor.id });
  }
}

@CommandHandler(UseTemplateCommand)
export class UseTemplateHandler implements ICommandHandler<UseTemplateCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly copies: CodeCopies,
    private readonly catalogue: TemplateCatalogue,
  ) {}

  async execute({ caller, templateId, body }: UseTemplateCommand): Promise<CodeCreatedView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    const template = await this.catalogue.usableIn(caller, templateId, body.org_id);
    const { content, design, page } = template;
    const [created] = await this.copies.create(body.org_id, actor, [
      { name: body.name ?? template.name, content, design, base_code_id: null, pages: page === null ? [] : [page] },
    ]);
    return created!;
  }
}
