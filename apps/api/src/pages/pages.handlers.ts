import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreatePageBody, PageBlock, PageCreatedView, PageTheme, SubmitBody, UpdatePageBody } from '@qr/contracts';
import {
  checkAnswers,
  pageDecider,
  pageNameDecider,
  pageNameStreamId,
  pageStreamId,
  submissionsStreamId,
  type CodeActor,
  type FormSubmitted,
  type PageCommand,
} from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { PersonalDataVault, type Config, type SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { decideOnStream } from '../decide-on-stream';
import { HotPathAppender } from '../hot-path-appender';
import { RequestValidationError } from '../http/problem-details';
import { type Caller, TenancyGate } from '../identity';
import { CONFIG, EVENT_STORE, SQL_CLIENT } from '../infrastructure';
import { UploadedImages } from '../uploads';
import { sanitisedBlocks } from './page-html';
import { PageDirectory } from './page-directory';
import { pageNotFound } from './page-reads';

export class CreatePageCommand extends Command<PageCreatedView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePageBody,
  ) {
    super();
  }
}

export type PageChange = { type: 'UpdatePage'; body: UpdatePageBody } | { type: 'DeletePage' };

export class ChangePageCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly pageId: string,
    readonly change: PageChange,
  ) {
    super();
  }
}

/** A visitor's submission: no caller, the page is public. */
export class SubmitFormCommand extends Command<void> {
  constructor(
    readonly pageId: string,
    readonly body: SubmitBody,
  ) {
    super();
  }
}

export const publicPageLinkOf = (publicUrl: string, pageId: string) => `${publicUrl}/page/${pageId}`;

/**
 * A page's images, its theme's background among them, are the organisation's uploads (another
 * organisation's is not found); rich text is sanitised.
 */
export async function storedPage<Page extends { blocks: readonly PageBlock[]; theme?: PageTheme }>(
  uploads: UploadedImages,
  orgId: string,
  page: Page,
): Promise<Page & { blocks: PageBlock[] }> {
  const blobIds = page.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : []));
  if (page.theme?.source === 'custom' && page.theme.background.kind === 'image') blobIds.push(page.theme.background.blob_id);
  for (const blobId of blobIds) await uploads.assertStored({ orgId, blobId });
  return { ...page, blocks: sanitisedBlocks(page.blocks) };
}

/** The caller in a page's organisation, with the page's vanity name; other tenants' pages answer as unknown ones. */
@Injectable()
export class PageOwners {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  async organizationOf(caller: Caller, pageId: string): Promise<{ orgId: string; actor: CodeActor; vanityName: string | null }> {
    const { rows } = await this.db.query<{ org_id: string; vanity_name: string | null }>('SELECT org_id, vanity_name FROM pages WHERE page_id = $1', [pageId]);
    const owner = await this.gate.actorOwning(caller, rows[0]?.org_id, pageNotFound());
    return { ...owner, vanityName: rows[0]!.vanity_name };
  }
}

/** The write path of a page with its vanity name: three streams, each through `decideOnStream`, in the order `decide` gives. */
@Injectable()
export class PageWriter {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Writes the page with its name: the new name is claimed first (a taken one refuses the whole
   * change), and the old one let go last, so at no moment do two pages hold one name.
   */
  async decide(pageId: string, orgId: string, command: PageCommand, names: { from: string | null; to: string | null }): Promise<void> {
    const metadata = { org_id: orgId, actor: command.actor.id };
    const { actor } = command;
    if (names.to !== null && names.to !== names.from) {
      await decideOnStream(
        this.store,
        pageNameStreamId(names.to),
        pageNameDecider,
        { type: 'ClaimPageName', actor, name: names.to, page_id: pageId, org_id: orgId },
        metadata,
      );
    }
    await decideOnStream(this.store, pageStreamId(pageId), pageDecider, command, metadata);
    if (names.from !== null && names.from !== names.to) {
      await decideOnStream(
        this.store,
        pageNameStreamId(names.from),
        pageNameDecider,
        { type: 'ReleasePageName', actor, name: names.from, page_id: pageId },
        metadata,
      );
    }
  }
}

@CommandHandler(CreatePageCommand)
export class CreatePageHandler implements ICommandHandler<CreatePageCommand> {
  constructor(
    private readonly stream: PageWriter,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly uploads: UploadedImages,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ caller, body }: CreatePageCommand): Promise<PageCreatedView> {
    const { orgId, actor } = await this.gate.actorOwning(caller, await this.codes.ownerOf(body.code_id), codeNotFound());
    const pageId = randomUUID();
    const { code_id, ...content } = await storedPage(this.uploads, orgId, body);
    const command: PageCommand = { type: 'CreatePage', actor, page_id: pageId, code_id, org_id: orgId, ...content };
    await this.stream.decide(pageId, orgId, command, { from: null, to: content.vanity_name });
    return { page_id: pageId, public_link: publicPageLinkOf(this.config.PUBLIC_URL, pageId) };
  }
}

@CommandHandler(ChangePageCommand)
export class ChangePageHandler implements ICommandHandler<ChangePageCommand> {
  constructor(
    private readonly owners: PageOwners,
    private readonly stream: PageWriter,
    private readonly uploads: UploadedImages,
  ) {}

  async execute({ caller, pageId, change }: ChangePageCommand): Promise<void> {
    const { orgId, actor, vanityName } = await this.owners.organizationOf(caller, pageId);
    if (change.type === 'DeletePage') return this.stream.decide(pageId, orgId, { type: 'DeletePage', actor }, { from: vanityName, to: null });
    const content = await storedPage(this.uploads, orgId, change.body);
    await this.stream.decide(pageId, orgId, { type: 'UpdatePage', actor, ...content }, { from: vanityName, to: content.vanity_name });
  }
}

/**
 * Checks the answers against the page's form as it is now, seals them with the person's key and
 * appends them through the hot path's group commit; the visitor's success page follows only once
 * the submission is durable. The client's submission id is the event id: a doubled submit is the
 * same append again, which the store answers as the first one.
 */
@CommandHandler(SubmitFormCommand)
export class SubmitFormHandler implements ICommandHandler<SubmitFormCommand> {
  private readonly vault: PersonalDataVault;

  constructor(
    private readonly pages: PageDirectory,
    private readonly appender: HotPathAppender,
    @Inject(SQL_CLIENT) db: SqlClient,
  ) {
    this.vault = new PersonalDataVault(db);
  }

  async execute({ pageId, body }: SubmitFormCommand): Promise<void> {
    const page = await this.pages.open(pageId);
    const checked = checkAnswers(page.form, body.answers);
    if (!checked.ok) throw new RequestValidationError(checked.problems.map(({ field, message }) => ({ field: `body.answers.${field}`, message })));
    const { values } = checked;
    const who = {
      email: typeof values['email'] === 'string' ? values['email'] : undefined,
      phone: typeof values['phone'] === 'string' ? values['phone'] : undefined,
    };
    const { person, sealed } = await this.vault.seal(page.org_id, who, body.submission_id, values);
    const event: FormSubmitted = {
      type: 'FormSubmitted',
      data: {
        submission_id: body.submission_id,
        page_id: page.page_id,
        code_id: page.code_id,
        org_id: page.org_id,
        person,
        sealed_answers: sealed,
        marketing_consent: page.form.some((input) => input.input_type === 'consent' && values[input.name] === true),
      },
    };
    await this.appender.append({
      streamId: submissionsStreamId(page.page_id),
      expectedVersion: 'any',
      events: [{ ...event, id: body.submission_id, metadata: { org_id: page.org_id } }],
    });
  }
}
