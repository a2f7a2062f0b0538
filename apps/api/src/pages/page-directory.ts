import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type FormInput, type PageBlock, type PageTheme, type PublicPageView, type SuccessButton } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { CodeReads } from '../codes';
import { OrganizationReads } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** A page a visitor may open, with its theme as stored: `PublicPageViews` resolves it and signs its images' links. */
export interface OpenPage extends Omit<PublicPageView, 'image_urls' | 'theme'> {
  org_id: string;
  theme: PageTheme;
}

/** A row of the `pages` read model. */
export interface PageRow {
  page_id: string;
  code_id: string;
  org_id: string;
  title: string;
  vanity_name: string | null;
  blocks: PageBlock[];
  form: FormInput[];
  success_message: string;
  success_button: SuccessButton | null;
  theme: PageTheme;
  created_at: Date;
  updated_at: Date;
}

/**
 * The pages a visitor may open (`/page/{id}`: a page id, or a code id for that code's first page):
 * a page whose code is deleted is gone, one whose code is paused says so and takes no submissions.
 */
@Injectable()
export class PageDirectory {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly codes: CodeReads,
    private readonly organizations: OrganizationReads,
  ) {}

  async open(id: string): Promise<OpenPage> {
    return (await this.openWhere('p.page_id = $1 OR p.code_id = $1', id)) ?? (await this.notOpen(id));
  }

  /** `/p/{name}`: the page with this vanity name. */
  async openNamed(name: string): Promise<OpenPage> {
    return (await this.openWhere('p.vanity_name = $1', name)) ?? (await this.notOpen());
  }

  /**
   * Why no page opens. A landing page code can be printed before its page is built: its visitors are
   * told to come back, not that it is gone.
   */
  private async notOpen(codeId?: string): Promise<never> {
    const code = codeId === undefined ? undefined : await this.codes.find(codeId);
    const owner = code?.type === 'page' && code.status === 'active' ? await this.organizations.publicProfileOf(code.org_id) : undefined;
    if (owner) throw new DomainError('page_not_built', `${owner.name} has not put this page up yet. Please try again later.`);
    throw new DomainError('page_not_found', 'This page does not exist or was taken down.');
  }

  /** The page, unless there is none or its code is deleted; a paused code's page says so. */
  private async openWhere(condition: string, key: string): Promise<OpenPage | undefined> {
    const { rows } = await this.db.query<Omit<PageRow, 'created_at' | 'updated_at'>>(
      `SELECT p.page_id, p.code_id, p.org_id, p.title, p.vanity_name, p.blocks, p.form, p.success_message, p.success_button, p.theme FROM pages p
        WHERE ${condition}
        ORDER BY p.created_at, p.page_id LIMIT 1`,
      [key],
    );
    const page = rows[0];
    if (!page) return undefined;
    // A visitor's page names its organisation, and so does a paused one.
    const [code, owner] = await Promise.all([this.codes.find(page.code_id), this.organizations.publicProfileOf(page.org_id)]);
    if (!code || code.status === 'deleted' || !owner) return undefined;
    if (code.status === 'paused') throw new DomainError('page_paused', `${owner.name} has paused this page for now. Please try again later.`);
    return { ...page, owner };
  }
}
