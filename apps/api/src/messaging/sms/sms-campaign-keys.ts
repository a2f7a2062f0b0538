import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type CampaignKeyBody, type CampaignKeyView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import type { Caller } from '../../identity';
import { SQL_CLIENT } from '../../infrastructure';
import { SmsAccess } from './sms-access';

interface KeyRow {
  keyword: string;
  action: 'join' | 'reward';
  reply: string;
  code_id: string | null;
  uses: number;
  created_at: Date;
}

const COLUMNS = 'keyword, action, reply, code_id, uses, created_at';
const viewOf = ({ created_at, ...row }: KeyRow): CampaignKeyView => ({ ...row, created_at: created_at.toISOString() });
export const keywordNotFound = () => new DomainError('messaging_rule_not_found', 'No such keyword.');

/**
 * Spec §7 "send SMS campaign keys": words people text to the organisation's number to join its SMS
 * audience or to get a reward, each answered with its reply. One keyword per organisation; the
 * inbound webhook looks them up by the text's first word.
 */
@Injectable()
export class SmsCampaignKeys {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: SmsAccess,
  ) {}

  async create(caller: Caller, body: CampaignKeyBody): Promise<CampaignKeyView> {
    await this.access.writer(caller, body.org_id);
    await this.access.assertOwnCode(body.org_id, body.code_id);
    const { rows } = await this.db.query<KeyRow>(
      `INSERT INTO messaging_campaign_keys (org_id, keyword, action, reply, code_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (org_id, keyword) DO NOTHING RETURNING ${COLUMNS}`,
      [body.org_id, body.keyword, body.action, body.reply, body.code_id ?? null],
    );
    if (!rows[0]) throw new DomainError('messaging_keyword_taken', `The keyword ${body.keyword} is in use already: choose another or delete it first.`);
    return viewOf(rows[0]);
  }

  async list(caller: Caller, orgId: string): Promise<CampaignKeyView[]> {
    await this.access.reader(caller, orgId);
    const { rows } = await this.db.query<KeyRow>(`SELECT ${COLUMNS} FROM messaging_campaign_keys WHERE org_id = $1 ORDER BY keyword`, [orgId]);
    return rows.map(viewOf);
  }

  async remove(caller: Caller, orgId: string, keyword: string): Promise<void> {
    await this.access.writer(caller, orgId);
    const { rows } = await this.db.query('DELETE FROM messaging_campaign_keys WHERE org_id = $1 AND keyword = $2 RETURNING keyword', [orgId, keyword]);
    if (rows.length === 0) throw keywordNotFound();
  }

  /** The keyword a text's first word names, counted as used. */
  async use(orgId: string, keyword: string): Promise<CampaignKeyView | undefined> {
    const { rows } = await this.db.query<KeyRow>(`UPDATE messaging_campaign_keys SET uses = uses + 1 WHERE org_id = $1 AND keyword = $2 RETURNING ${COLUMNS}`, [
      orgId,
      keyword,
    ]);
    return rows[0] && viewOf(rows[0]);
  }
}
