import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type FormInput, type SubmissionView, type TemplatePage } from '@qr/contracts';
import { PersonalDataVault, type PersonIdentity, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** What a page of another tenant, or one that does not exist, answers. */
export const pageNotFound = () => new DomainError('page_not_found', 'No such page.');

type Answers = SubmissionView['answers'];

/**
 * The `pages` and `submissions` read models as other contexts see them. Only the pages projections
 * and the pages context touch those tables with SQL; every other context asks here.
 */
@Injectable()
export class PageReads {
  private readonly vault: PersonalDataVault;

  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {
    this.vault = new PersonalDataVault(db);
  }

  /** The organisation that owns the page (undefined: no such page). */
  async ownerOf(pageId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM pages WHERE page_id = $1', [pageId]);
    return rows[0]?.org_id;
  }

  /** The page's organisation and title (undefined: no such page): a wallet pass's event ticket names its event by it. */
  async titleOf(pageId: string): Promise<{ org_id: string; title: string } | undefined> {
    const { rows } = await this.db.query<{ org_id: string; title: string }>('SELECT org_id, title FROM pages WHERE page_id = $1', [pageId]);
    return rows[0];
  }

  /** Those of `pageIds` that are pages (deleted ones are not). */
  async existing(pageIds: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ page_id: string }>('SELECT page_id FROM pages WHERE page_id = ANY($1::text[])', [pageIds]);
    return new Set(rows.map((row) => row.page_id));
  }

  async isPageOfCode(pageId: string, codeId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM pages WHERE page_id = $1 AND code_id = $2', [pageId, codeId]);
    return rows.length > 0;
  }

  /** The page's form, when it is a page of the organisation. */
  async formOf(orgId: string, pageId: string): Promise<FormInput[] | undefined> {
    const { rows } = await this.db.query<{ form: FormInput[] }>('SELECT form FROM pages WHERE page_id = $1 AND org_id = $2', [pageId, orgId]);
    return rows[0]?.form;
  }

  /** A code's landing pages as a copy of the code starts with them, oldest first; vanity names stay with the original. */
  async templatePagesOf(codeId: string): Promise<TemplatePage[]> {
    const { rows } = await this.db.query<TemplatePage>(
      'SELECT title, blocks, form, success_message, success_button, theme FROM pages WHERE code_id = $1 ORDER BY created_at, page_id',
      [codeId],
    );
    return rows;
  }

  /** How many of the page's submissions gave each answer to `field`. */
  async answerCounts(pageId: string, field: string): Promise<{ value: string; count: string | number }[]> {
    const { rows } = await this.db.query<{ value: string; count: string | number }>(
      `SELECT answers->>$2 AS value, count(*)::int8 AS count FROM submissions WHERE page_id = $1 AND answers->>$2 IS NOT NULL GROUP BY 1`,
      [pageId, field],
    );
    return rows;
  }

  /**
   * The code and organisation of a submission, when one of these people sent it: matched by the
   * keyed hash the submission carries (its answers are sealed), so a forgotten person's is not found.
   */
  async submissionBy(submissionId: string, people: readonly PersonIdentity[]): Promise<{ code_id: string; org_id: string } | undefined> {
    const { rows } = await this.db.query<{ code_id: string; org_id: string; person: string }>(
      'SELECT code_id, org_id, person FROM submissions WHERE submission_id = $1',
      [submissionId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const references = await Promise.all(people.map((who) => this.vault.referenceOf(who)));
    if (!references.includes(row.person) || !(await this.vault.holdsKeyOf(row.org_id, row.person))) return undefined;
    return { code_id: row.code_id, org_id: row.org_id };
  }

  /** The answers of these submissions, by id; a forgotten person's are null. */
  async answersOf(submissionIds: readonly string[]): Promise<Map<string, Answers | null>> {
    const { rows } = await this.db.query<{ submission_id: string; answers: Answers | null }>(
      'SELECT submission_id, answers FROM submissions WHERE submission_id = ANY($1::text[])',
      [submissionIds],
    );
    return new Map(rows.map((row) => [row.submission_id, row.answers]));
  }
}
