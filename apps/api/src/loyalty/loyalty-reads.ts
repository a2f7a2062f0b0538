import { Inject, Injectable } from '@nestjs/common';
import {
  tierOf,
  type ExchangeView,
  type LoyaltyCardView,
  type LoyaltyHistoryEntry,
  type LoyaltyMemberSummary,
  type LoyaltyMembersPage,
  type LoyaltyMembersQuery,
  type LoyaltyMemberView,
  type LoyaltyTerms,
  type ProgrammeView,
  type PublicProgrammeView,
  type ReferralAnalysisView,
  type ReferralView,
  type RewardStockView,
} from '@qr/contracts';
import { nextStampAt } from '@qr/domain';
import { checkpointOfAppend, type AppendResult } from '@qr/eventstore';
import { likePattern, type SqlClient } from '@qr/platform';
import { loyalty } from '@qr/projections-loyalty';
import type { ProjectionRunner } from '@qr/projections-runner';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

/** A row of loyalty_programmes (projections/loyalty): deleted ones too, marked. */
export interface ProgrammeRow {
  programme_id: string;
  org_id: string;
  code_id: string;
  terms: LoyaltyTerms;
  status: 'live' | 'deleted';
  members: number;
  created_at: Date;
  updated_at: Date;
}

interface MemberRow {
  card_id: string;
  programme_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  balance: number;
  lifetime: number;
  last_stamp_at: Date | null;
  granted: string[];
  joined_at: Date;
  last_activity_at: Date;
}

interface HistoryRow {
  at: Date;
  kind: LoyaltyHistoryEntry['kind'];
  amount: number;
  source: LoyaltyHistoryEntry['source'];
  reward_name: string | null;
  exchange_id: string | null;
  posted_by: string | null;
  note: string | null;
  balance_after: number;
}

interface ReferralRow {
  referral_id: string;
  referrer: string;
  friend: string;
  action: ReferralView['action'];
  status: ReferralView['status'];
  flags: ReferralView['flags'];
  rewarded: boolean;
  referrer_rewarded: number;
  recorded_at: Date;
  converted_at: Date | null;
}

/** An exchange with the contact details of the card it was made on: the return page shows it only to that visitor. */
export interface ExchangeOfCard {
  view: ExchangeView;
  email: string | null;
  phone: string | null;
}

const SELECT_PROGRAMMES = 'SELECT programme_id, org_id, code_id, terms, status, members, created_at, updated_at FROM loyalty_programmes';
const SELECT_MEMBERS = `SELECT card_id, programme_id, email, phone, name, balance, lifetime, last_stamp_at, granted, joined_at, last_activity_at
  FROM loyalty_members`;
/** The lines a staff member's screen and a visitor's card show, newest first: a regular's years of stamps stay out of one answer. */
const HISTORY_LINES = 100;
/** A referral's contact key (`email:…`, `phone:…`) as staff read it. */
const contactOf = (key: string): string => key.slice(key.indexOf(':') + 1);

/**
 * The loyalty read models (projections/loyalty) as the loyalty context's handlers and other
 * contexts (the pages' return page) read them. Nothing here checks who asks: the handlers put the
 * TenancyGate in front of every staff read, and the visitor's reads need the card id, a bearer
 * secret. A deleted or unknown programme is null, except to `programme`, which says which.
 */
@Injectable()
export class LoyaltyReads {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  /**
   * Waits, bounded as a command's own wait for its read models is, until these tables hold a
   * decision's events: a programme's commands are decided on its serialised stream, whose appends
   * wait for no read model, so a command that answers from the tables waits here.
   */
  async reached(appended: AppendResult | null): Promise<void> {
    if (appended) await this.projections.waitFor(checkpointOfAppend(appended), [loyalty.name], READ_YOUR_WRITES_DEFAULTS.commandWaitMs);
  }

  async programme(programmeId: string): Promise<ProgrammeRow | null> {
    const { rows } = await this.db.query<ProgrammeRow>(`${SELECT_PROGRAMMES} WHERE programme_id = $1`, [programmeId]);
    return rows[0] ?? null;
  }

  async programmeView(programmeId: string): Promise<ProgrammeView | null> {
    const row = await this.programme(programmeId);
    return row?.status === 'live' ? (await this.viewsOf([row]))[0]! : null;
  }

  /** The organisation's live programmes, of one code when given, newest first. */
  async listProgrammes(orgId: string, codeId?: string): Promise<ProgrammeView[]> {
    const { rows } = await this.db.query<ProgrammeRow>(
      `${SELECT_PROGRAMMES} WHERE org_id = $1 AND ($2::text IS NULL OR code_id = $2) AND status = 'live' ORDER BY created_at DESC, programme_id`,
      [orgId, codeId ?? null],
    );
    return this.viewsOf(rows);
  }

  /** The newest live programme on a code (spec §7 "refer subscription" names the code, not the programme). */
  async programmeOfCode(codeId: string): Promise<ProgrammeRow | null> {
    const { rows } = await this.db.query<ProgrammeRow>(
      `${SELECT_PROGRAMMES} WHERE code_id = $1 AND status = 'live' ORDER BY created_at DESC, programme_id LIMIT 1`,
      [codeId],
    );
    return rows[0] ?? null;
  }

  /** A page of the programme's members, newest first; `search` finds part of an email, a phone number or a name. */
  async members(programmeId: string, query: LoyaltyMembersQuery): Promise<LoyaltyMembersPage> {
    const terms = (await this.programme(programmeId))?.terms ?? null;
    const where = `programme_id = $1 AND ($2::text IS NULL OR email ILIKE $3 OR phone ILIKE $3 OR name ILIKE $3)`;
    const params = [programmeId, query.search || null, likePattern(query.search ?? '')];
    const [{ rows }, counted] = await Promise.all([
      this.db.query<MemberRow>(`${SELECT_MEMBERS} WHERE ${where} ORDER BY joined_at DESC, card_id LIMIT $4 OFFSET $5`, [
        ...params,
        query.per_page,
        (query.page - 1) * query.per_page,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM loyalty_members WHERE ${where}`, params),
    ]);
    return { items: rows.map((row) => summaryOf(terms, row)), page: query.page, per_page: query.per_page, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /**
   * The email, phone and name of a programme's members, of one tier when named (its lifetime
   * earnings from the tier's threshold up to the next's): the messaging context's audiences.
   */
  async contacts(orgId: string, programmeId: string, tierName?: string): Promise<{ email: string | null; phone: string | null; name: string | null }[]> {
    const programme = await this.programme(programmeId);
    if (programme?.org_id !== orgId || programme.status !== 'live') return [];
    const tiers = programme.terms.tiers;
    const index = tierName === undefined ? -1 : tiers.findIndex((tier) => tier.name === tierName);
    if (tierName !== undefined && index < 0) return [];
    const from = index < 0 ? null : tiers[index]!.threshold;
    const below = index < 0 ? null : (tiers[index + 1]?.threshold ?? null);
    const { rows } = await this.db.query<{ email: string | null; phone: string | null; name: string | null }>(
      `SELECT email, phone, name FROM loyalty_members
        WHERE programme_id = $1 AND ($2::int IS NULL OR lifetime >= $2) AND ($3::int IS NULL OR lifetime < $3)`,
      [programmeId, from, below],
    );
    return rows;
  }

  /** One member's email, phone and name, with the programme's code: whom an auto SMS about their card goes to. */
  async memberContact(
    programmeId: string,
    cardId: string,
  ): Promise<{ code_id: string; email: string | null; phone: string | null; name: string | null } | null> {
    const { rows } = await this.db.query<{ code_id: string; email: string | null; phone: string | null; name: string | null }>(
      `SELECT p.code_id, m.email, m.phone, m.name FROM loyalty_members m JOIN loyalty_programmes p ON p.programme_id = m.programme_id
        WHERE m.programme_id = $1 AND m.card_id = $2`,
      [programmeId, cardId],
    );
    return rows[0] ?? null;
  }

  /** The members of a programme in card order after `after`, for the export's keyset pages. */
  async memberPage(programmeId: string, after: string, limit: number): Promise<LoyaltyMemberSummary[]> {
    const terms = (await this.programme(programmeId))?.terms ?? null;
    const { rows } = await this.db.query<MemberRow>(`${SELECT_MEMBERS} WHERE programme_id = $1 AND card_id > $2 ORDER BY card_id LIMIT $3`, [
      programmeId,
      after,
      limit,
    ]);
    return rows.map((row) => summaryOf(terms, row));
  }

  async member(programmeId: string, cardId: string): Promise<LoyaltyMemberView | null> {
    const found = await this.memberWithHistory(programmeId, cardId);
    if (!found) return null;
    return { ...summaryOf(found.terms, found.row), programme_id: programmeId, history: found.history };
  }

  /** One member of a live programme already read, without the card's history: what a wallet pass shows of it. */
  async memberOf(programme: ProgrammeRow, cardId: string): Promise<LoyaltyMemberSummary | null> {
    if (programme.status !== 'live') return null;
    const { rows } = await this.db.query<MemberRow>(`${SELECT_MEMBERS} WHERE card_id = $1 AND programme_id = $2`, [cardId, programme.programme_id]);
    return rows[0] ? summaryOf(programme.terms, rows[0]) : null;
  }

  /** The visitor's card: the holder's own name and history, no contact details. */
  async card(programmeId: string, cardId: string): Promise<LoyaltyCardView | null> {
    const found = await this.memberWithHistory(programmeId, cardId);
    if (!found) return null;
    const { row, terms, history } = found;
    const { tier, next } = tierOf(terms.tiers, row.lifetime);
    return {
      programme_id: programmeId,
      card_id: cardId,
      name: row.name,
      balance: row.balance,
      lifetime: row.lifetime,
      tier: tier?.name ?? null,
      next_tier: next,
      next_stamp_at: nextStampAt(terms, row.last_stamp_at?.getTime() ?? null),
      granted_campaign_rewards: row.granted,
      history,
    };
  }

  async publicProgramme(programmeId: string): Promise<PublicProgrammeView | null> {
    const row = await this.programme(programmeId);
    if (row?.status !== 'live') return null;
    const { terms } = row;
    const rewards = (await this.stockOf([row])).get(programmeId) ?? [];
    return {
      programme_id: programmeId,
      code_id: row.code_id,
      name: terms.name,
      description: terms.description,
      kind: terms.kind,
      stamps_required: terms.stamps_required,
      earning: terms.earning,
      min_interval_minutes: terms.min_interval_minutes,
      tiers: terms.tiers,
      rewards: rewards.map(({ reward_id, name, price, remaining }) => ({ reward_id, name, price, remaining })),
      campaign_rewards: terms.campaign_rewards.map(({ campaign_reward_id, name, code_id, action, times, points }) => ({
        campaign_reward_id,
        name,
        code_id,
        action,
        times,
        points,
      })),
      referral: terms.referral,
    };
  }

  /** An exchange of a live programme, with its card's contacts for the return page's check. */
  async exchange(exchangeId: string): Promise<ExchangeOfCard | null> {
    const { rows } = await this.db.query<{
      exchange_id: string;
      programme_id: string;
      terms: LoyaltyTerms;
      card_id: string;
      reward_name: string;
      price: number;
      at: Date;
      email: string | null;
      phone: string | null;
    }>(
      `SELECT x.exchange_id, x.programme_id, p.terms, x.card_id, x.reward_name, x.price, x.at, m.email, m.phone
         FROM loyalty_exchanges x
         JOIN loyalty_programmes p ON p.programme_id = x.programme_id AND p.status = 'live'
         JOIN loyalty_members m ON m.card_id = x.card_id
        WHERE x.exchange_id = $1`,
      [exchangeId],
    );
    const row = rows[0];
    if (!row) return null;
    const view: ExchangeView = {
      exchange_id: row.exchange_id,
      programme_id: row.programme_id,
      programme_name: row.terms.name,
      card_id: row.card_id,
      reward_name: row.reward_name,
      price: row.price,
      redeemed_at: row.at.toISOString(),
    };
    return { view, email: row.email, phone: row.phone };
  }

  /**
   * Spec §7 "refer analysis": every referral, newest first, with the rules that fired; per referrer
   * and in all, referrals, conversions, flagged ones, and `rewarded`, the referrals that rewarded.
   */
  async referralAnalysis(programmeId: string): Promise<ReferralAnalysisView> {
    const { rows } = await this.db.query<ReferralRow>(
      `SELECT referral_id, referrer, friend, action, status, flags, rewarded, referrer_rewarded, recorded_at, converted_at
         FROM loyalty_referrals WHERE programme_id = $1 ORDER BY recorded_at DESC, referral_id`,
      [programmeId],
    );
    const referrals = rows.map((row): ReferralView => ({
      referral_id: row.referral_id,
      referrer: contactOf(row.referrer),
      friend: contactOf(row.friend),
      action: row.action,
      status: row.status,
      flags: row.flags,
      referrer_rewarded: row.referrer_rewarded,
      recorded_at: row.recorded_at.toISOString(),
      converted_at: row.converted_at?.toISOString() ?? null,
    }));
    const tally = () => ({ referrals: 0, converted: 0, flagged: 0, rewarded: 0 });
    const totals = tally();
    const byReferrer = new Map<string, ReturnType<typeof tally>>();
    rows.forEach((row, i) => {
      const referrer = referrals[i]!.referrer;
      const counts = byReferrer.get(referrer) ?? tally();
      byReferrer.set(referrer, counts);
      for (const sum of [totals, counts]) {
        sum.referrals++;
        if (row.converted_at !== null) sum.converted++;
        if (row.status === 'flagged') sum.flagged++;
        if (row.rewarded) sum.rewarded++;
      }
    });
    const referrers = [...byReferrer].map(([referrer, counts]) => ({ referrer, ...counts })).sort((a, b) => b.referrals - a.referrals);
    return { programme_id: programmeId, totals, referrers, referrals };
  }

  private async memberWithHistory(programmeId: string, cardId: string) {
    const [programme, members, lines] = await Promise.all([
      this.programme(programmeId),
      this.db.query<MemberRow>(`${SELECT_MEMBERS} WHERE card_id = $1 AND programme_id = $2`, [cardId, programmeId]),
      this.db.query<HistoryRow>(
        `SELECT at, kind, amount, source, reward_name, exchange_id, posted_by, note, balance_after
           FROM loyalty_history WHERE card_id = $1 AND programme_id = $2 ORDER BY position DESC LIMIT $3`,
        [cardId, programmeId, HISTORY_LINES],
      ),
    ]);
    const row = members.rows[0];
    if (programme?.status !== 'live' || !row) return null;
    const history = lines.rows.map((line): LoyaltyHistoryEntry => ({
      at: line.at.toISOString(),
      kind: line.kind,
      amount: line.amount,
      source: line.source,
      reward_name: line.reward_name,
      exchange_id: line.exchange_id,
      by: line.posted_by,
      note: line.note,
      balance_after: line.balance_after,
    }));
    return { terms: programme.terms, row, history };
  }

  private async viewsOf(rows: readonly ProgrammeRow[]): Promise<ProgrammeView[]> {
    const stock = await this.stockOf(rows);
    return rows.map((row) => ({
      programme_id: row.programme_id,
      org_id: row.org_id,
      code_id: row.code_id,
      terms: row.terms,
      members: row.members,
      rewards: stock.get(row.programme_id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  /** Each programme's reward list with what has been redeemed of each, in one query for all of them. */
  private async stockOf(rows: readonly ProgrammeRow[]): Promise<Map<string, RewardStockView[]>> {
    const { rows: counts } = await this.db.query<{ programme_id: string; reward_id: string; redeemed: number }>(
      'SELECT programme_id, reward_id, redeemed FROM loyalty_reward_stock WHERE programme_id = ANY($1::uuid[])',
      [rows.map((row) => row.programme_id)],
    );
    const redeemed = new Map(counts.map((count) => [`${count.programme_id}/${count.reward_id}`, count.redeemed]));
    return new Map(
      rows.map((row) => [
        row.programme_id,
        row.terms.reward_list.map(({ reward_id, name, price, stock }) => {
          const taken = redeemed.get(`${row.programme_id}/${reward_id}`) ?? 0;
          return { reward_id, name, price, stock, redeemed: taken, remaining: stock === null ? null : Math.max(0, stock - taken) };
        }),
      ]),
    );
  }
}

function summaryOf(terms: LoyaltyTerms | null, row: MemberRow): LoyaltyMemberSummary {
  return {
    card_id: row.card_id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    balance: row.balance,
    lifetime: row.lifetime,
    tier: tierOf(terms?.tiers ?? [], row.lifetime).tier?.name ?? null,
    joined_at: row.joined_at.toISOString(),
    last_activity_at: row.last_activity_at.toISOString(),
  };
}
