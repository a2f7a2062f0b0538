import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CodeContent, CodeCreatedView, QrDesign, TemplatePage } from '@qr/contracts';
import { codeDecider, codeStreamId, pageDecider, pageStreamId, type CodeActor } from '@qr/domain';
import type { AppendRequest, EventStore } from '@qr/eventstore';
import type { Config } from '@qr/platform';
import { codeNotFound, CodeReads, newCodeId, publicLinkOf, qrUrlOf } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { CONFIG, EVENT_STORE } from '../infrastructure';
import { PageReads } from '../pages';

/** A code to be made from another code or a template, with the landing pages it starts with. */
export interface CodeCopy {
  name: string;
  content: CodeContent;
  design: QrDesign;
  base_code_id: string | null;
  pages: readonly TemplatePage[];
}

/** A live code as a clone or a template starts from it. */
export interface SourceCode {
  code_id: string;
  org_id: string;
  name: string;
  content: CodeContent;
  design: QrDesign;
  actor: CodeActor;
}

/**
 * Where clones, duplicates and codes from templates are read from and written: new codes, each with
 * copies of its pages, appended in one `appendMany` transaction once every copy has been checked, so
 * a batch of clones is stored whole. The store judges each request on its own expected version, but
 * every stream here is new with a random id, so only an id collision (odds about 2^-59) could fail
 * one alone. The events come from the codes' and pages' own deciders: a copy records exactly what
 * creating the code and its page by hand would have.
 */
@Injectable()
export class CodeCopies {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly pages: PageReads,
  ) {}

  /** A live code of the caller's organisation with the caller's role there; deleted and other tenants' codes are not found. */
  async source(caller: Caller, codeId: string): Promise<SourceCode> {
    const code = await this.codes.live(codeId);
    const { actor } = await this.gate.actorOwning(caller, code?.org_id, codeNotFound());
    return { code_id: code!.code_id, org_id: code!.org_id, name: code!.name, content: code!.content, design: code!.design, actor };
  }

  /** A code's landing pages as a copy starts with them, oldest first; vanity names stay with the original. */
  pagesOf(codeId: string): Promise<TemplatePage[]> {
    return this.pages.templatePagesOf(codeId);
  }

  async create(orgId: string, actor: CodeActor, copies: readonly CodeCopy[]): Promise<CodeCreatedView[]> {
    const metadata = { org_id: orgId, actor: actor.id };
    const created: CodeCreatedView[] = [];
    const requests: AppendRequest[] = [];
    for (const copy of copies) {
      const codeId = newCodeId();
      const { name, content, design, base_code_id } = copy;
      const codeEvents = codeDecider.decide(
        { type: 'CreateCode', actor, code_id: codeId, org_id: orgId, name, content, design, base_code_id },
        codeDecider.initialState,
      );
      requests.push({ streamId: codeStreamId(codeId), expectedVersion: 'no_stream', events: codeEvents.map((event) => ({ ...event, metadata })) });
      for (const page of copy.pages) {
        const pageId = randomUUID();
        const pageEvents = pageDecider.decide(
          { type: 'CreatePage', actor, page_id: pageId, code_id: codeId, org_id: orgId, vanity_name: null, ...page },
          pageDecider.initialState,
        );
        requests.push({ streamId: pageStreamId(pageId), expectedVersion: 'no_stream', events: pageEvents.map((event) => ({ ...event, metadata })) });
      }
      created.push({ code_id: codeId, public_link: publicLinkOf(this.config.PUBLIC_URL, codeId), qr_url: qrUrlOf(this.config.PUBLIC_URL, codeId) });
    }
    const results = await this.store.appendMany(requests);
    const failed = results.find((result): result is Error => result instanceof Error);
    if (failed) throw failed;
    return created;
  }
}
