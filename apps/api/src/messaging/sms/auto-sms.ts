import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type AutoSmsBody, type AutoSmsView, type UpdateAutoSmsBody } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import type { Caller } from '../../identity';
import { SQL_CLIENT } from '../../infrastructure';
import { SmsAccess } from './sms-access';

type Trigger = AutoSmsView['trigger'];
interface RuleRow {
  rule_id: string;
  trigger: Trigger;
  code_id: string | null;
  message: string;
  enabled: boolean;
  sent: number;
}

const COLUMNS = 'rule_id, trigger, code_id, message, enabled, sent';
const ruleNotFound = () => new DomainError('messaging_rule_not_found', 'No such auto SMS rule.');

/**
 * Spec §7 "auto SMS": a text sent when something happens on a code (a form submitted, a reward
 * redeemed, a referral converted), to the number the person gave. A rule without a code applies
 * to every code of the organisation. The auto-sms reactor (auto-sms-reactor.ts) sends them.
 */
@Injectable()
export class AutoSms {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: SmsAccess,
  ) {}

  async create(caller: Caller, { org_id, ...rule }: AutoSmsBody): Promise<AutoSmsView> {
    await this.access.writer(caller, org_id);
    await this.access.assertOwnCode(org_id, rule.code_id);
    const { rows } = await this.db.query<RuleRow>(
      `INSERT INTO messaging_auto_sms (rule_id, org_id, trigger, code_id, message, enabled) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [randomUUID(), org_id, rule.trigger, rule.code_id ?? null, rule.message, rule.enabled],
    );
    return rows[0]!;
  }

  async list(caller: Caller, orgId: string): Promise<AutoSmsView[]> {
    await this.access.reader(caller, orgId);
    const { rows } = await this.db.query<RuleRow>(`SELECT ${COLUMNS} FROM messaging_auto_sms WHERE org_id = $1 ORDER BY created_at, rule_id`, [orgId]);
    return rows;
  }

  async update(caller: Caller, ruleId: string, rule: UpdateAutoSmsBody): Promise<AutoSmsView> {
    const orgId = await this.ownedBy(caller, ruleId);
    await this.access.assertOwnCode(orgId, rule.code_id);
    const { rows } = await this.db.query<RuleRow>(
      `UPDATE messaging_auto_sms SET trigger = $2, code_id = $3, message = $4, enabled = $5 WHERE rule_id = $1 RETURNING ${COLUMNS}`,
      [ruleId, rule.trigger, rule.code_id ?? null, rule.message, rule.enabled],
    );
    if (!rows[0]) throw ruleNotFound();
    return rows[0];
  }

  async remove(caller: Caller, ruleId: string): Promise<void> {
    await this.ownedBy(caller, ruleId);
    await this.db.query('DELETE FROM messaging_auto_sms WHERE rule_id = $1', [ruleId]);
  }

  private async ownedBy(caller: Caller, ruleId: string): Promise<string> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM messaging_auto_sms WHERE rule_id = $1', [ruleId]);
    const orgId = rows[0]?.org_id;
    await this.access.writerOwning(caller, orgId, ruleNotFound());
    return orgId!;
  }
}
