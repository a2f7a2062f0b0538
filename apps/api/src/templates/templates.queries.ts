import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, TEMPLATE_GALLERY, type CodeContent, type QrDesign, type TemplatePage, type TemplateView } from '@qr/contracts';
import type { CodeActor } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** Spec "Get templates": the gallery, then the organisation's own, newest first. */
export class ListTemplates extends Query<TemplateView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class GetTemplate extends Query<TemplateView> {
  constructor(
    readonly caller: Caller,
    readonly templateId: string,
  ) {
    super();
  }
}

interface TemplateRow {
  template_id: string;
  org_id: string;
  name: string;
  description: string;
  content: CodeContent;
  design: QrDesign;
  page: TemplatePage | null;
  created_at: Date;
}

const SELECT_TEMPLATES = 'SELECT template_id, org_id, name, description, content, design, page, created_at FROM templates';
const GALLERY = new Map(TEMPLATE_GALLERY.map((template) => [template.template_id, template]));
const notFound = () => new DomainError('template_not_found', 'No such template.');

const toTemplateView = (row: TemplateRow): TemplateView => ({ ...row, source: 'organization', created_at: new Date(row.created_at).toISOString() });

/** The gallery and the templates read model, seen through the caller's memberships: other tenants' templates are not found. */
@Injectable()
export class TemplateCatalogue {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  async list(caller: Caller, orgId: string): Promise<TemplateView[]> {
    await this.gate.roleIn(caller, orgId);
    const { rows } = await this.db.query<TemplateRow>(`${SELECT_TEMPLATES} WHERE org_id = $1 ORDER BY created_at DESC, template_id`, [orgId]);
    return [...TEMPLATE_GALLERY, ...rows.map(toTemplateView)];
  }

  async get(caller: Caller, templateId: string): Promise<TemplateView> {
    const builtIn = GALLERY.get(templateId);
    if (builtIn) return builtIn;
    const { row } = await this.owned(caller, templateId);
    return toTemplateView(row);
  }

  /** A template a code of `orgId` may start from: the gallery's, or that organisation's own (whose images are its uploads). */
  async usableIn(caller: Caller, templateId: string, orgId: string): Promise<TemplateView> {
    const template = await this.get(caller, templateId);
    if (template.org_id !== null && template.org_id !== orgId) throw notFound();
    return template;
  }

  /** An organisation's template with the caller's role there; the gallery's cannot be changed, so they are not found here. */
  async ownedTemplate(caller: Caller, templateId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { orgId, actor } = await this.owned(caller, templateId);
    return { orgId, actor };
  }

  private async owned(caller: Caller, templateId: string): Promise<{ row: TemplateRow; orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<TemplateRow>(`${SELECT_TEMPLATES} WHERE template_id = $1`, [templateId]);
    const owner = await this.gate.actorOwning(caller, rows[0]?.org_id, notFound());
    return { row: rows[0]!, ...owner };
  }
}

@QueryHandler(ListTemplates)
export class ListTemplatesHandler implements IQueryHandler<ListTemplates> {
  constructor(private readonly catalogue: TemplateCatalogue) {}

  execute({ caller, orgId }: ListTemplates): Promise<TemplateView[]> {
    return this.catalogue.list(caller, orgId);
  }
}

@QueryHandler(GetTemplate)
export class GetTemplateHandler implements IQueryHandler<GetTemplate> {
  constructor(private readonly catalogue: TemplateCatalogue) {}

  execute({ caller, templateId }: GetTemplate): Promise<TemplateView> {
    return this.catalogue.get(caller, templateId);
  }
}
