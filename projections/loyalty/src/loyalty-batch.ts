import { isStampSource, type LoyaltyProgrammeEvent, type ReferralFlagRecord } from '@qr/domain';
import type { SqlExecutor } from '@qr/platform';

/** One event of a batch, named by its programme and its place in the log. */
export interface ProgrammeEventAt {
  programmeId: string;
  position: number;
  event: LoyaltyProgrammeEvent;
}

/** The physical names of the loyalty tables in the generation being written. */
export interface LoyaltyTables {
  programmes: string;
  members: string;
  history: string;
  stock: string;
  exchanges: string;
  referrals: string;
}

/** A member's row as the batch holds it: loaded once, changed in memory, written once. */
interface MemberRow {
  card_id: string;
  programme_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  balance: number;
  lifetime: number;
  scans: number;
  last_stamp_at: string | null;
  granted: string[];
  joined_at: string;
  last_activity_at: string;
}

interface HistoryRow {
  position: number;
  programme_id: string;
  card_id: string;
  kind: 'joined' | 'credited' | 'redeemed';
  amount: number;
  source: string | null;
  reward_id: string | null;
  reward_name: string | null;
  exchange_id: string | null;
  posted_by: string | null;
  note: string | null;
  balance_after: number;
  at: string;
}

/** What a redemption and a game's grant both make. */
interface ExchangeMade {
  card_id: string;
  reward_id: string;
  reward_name: string;
  price: number;
  exchange_id: string;
  campaign_reward_id: string | null;
  by: string | null;
  at: string;
}

const MEMBER_COLUMNS = `card_id uuid, programme_id uuid, email text, phone text, name text, balance int, lifetime int, scans int,
  last_stamp_at timestamptz, granted jsonb, joined_at timestamptz, last_activity_at timestamptz`;

/** The cards a batch moves that joined before it: their rows are read in one statement. */
function cardsLoaded(events: readonly ProgrammeEventAt[]): string[] {
  const joined = new Set<string>();
  const moved = new Set<string>();
  for (const { event } of events) {
    if (event.type === 'LoyaltyMemberJoined') joined.add(event.data.card_id);
    else if (
      event.type === 'LoyaltyCredited' ||
      event.type === 'LoyaltyRewardRedeemed' ||
      event.type === 'LoyaltyRewardGranted' ||
      event.type === 'LoyaltyCampaignRewardGranted'
    ) {
      if (!joined.has(event.data.card_id)) moved.add(event.data.card_id);
    }
  }
  return [...moved];
}

/**
 * What a batch of programme events does to the members, their history, the stock, the exchanges
 * and the referrals, folded in memory in log order and written in one statement per table: a busy
 * programme's thousands of stamps a second are a handful of statements a batch, not one each. Each
 * history row carries the balance right after it, which only the fold in order knows.
 */
export class LoyaltyBatch {
  private readonly members = new Map<string, MemberRow>();
  private readonly touched = new Set<string>();
  private readonly history: HistoryRow[] = [];
  private readonly stock = new Map<string, { programme_id: string; reward_id: string; redeemed: number }>();
  private readonly exchanges: object[] = [];
  private readonly joins = new Map<string, number>();
  private readonly referrals: object[] = [];
  private readonly conversions: object[] = [];
  private readonly referralCredits: object[] = [];

  static async load(tx: SqlExecutor, tables: LoyaltyTables, events: readonly ProgrammeEventAt[]): Promise<LoyaltyBatch> {
    const batch = new LoyaltyBatch();
    const cards = cardsLoaded(events);
    if (cards.length === 0) return batch;
    const { rows } = await tx.query<
      Omit<MemberRow, 'last_stamp_at' | 'joined_at' | 'last_activity_at'> & Record<'joined_at' | 'last_activity_at', Date> & { last_stamp_at: Date | null }
    >(
      `SELECT card_id, programme_id, email, phone, name, balance, lifetime, scans, last_stamp_at, granted, joined_at, last_activity_at
         FROM ${tables.members} WHERE card_id = ANY($1::uuid[])`,
      [cards],
    );
    for (const row of rows) {
      batch.members.set(row.card_id, {
        ...row,
        last_stamp_at: row.last_stamp_at?.toISOString() ?? null,
        joined_at: row.joined_at.toISOString(),
        last_activity_at: row.last_activity_at.toISOString(),
      });
    }
    return batch;
  }

  apply({ programmeId, position, event }: ProgrammeEventAt): void {
    switch (event.type) {
      case 'LoyaltyMemberJoined': {
        const { card_id, email, phone, name, at } = event.data;
        this.members.set(card_id, {
          card_id,
          programme_id: programmeId,
          email,
          phone,
          name,
          balance: 0,
          lifetime: 0,
          scans: 0,
          last_stamp_at: null,
          granted: [],
          joined_at: at,
          last_activity_at: at,
        });
        this.touched.add(card_id);
        this.joins.set(programmeId, (this.joins.get(programmeId) ?? 0) + 1);
        this.line(programmeId, position, card_id, at, { kind: 'joined', amount: 0 });
        break;
      }
      case 'LoyaltyCredited': {
        const { card_id, amount, source, at } = event.data;
        const member = this.moved(card_id, at);
        if (!member) break;
        member.balance += amount;
        if (amount > 0) member.lifetime += amount;
        if (source === 'scan') member.scans++;
        if (isStampSource(source)) member.last_stamp_at = at;
        if (event.data.referral_id !== null) this.referralCredits.push({ referral_id: event.data.referral_id, card_id, amount });
        this.line(programmeId, position, card_id, at, { kind: 'credited', amount, source, posted_by: event.data.by, note: event.data.note });
        break;
      }
      case 'LoyaltyRewardRedeemed':
        this.exchange(programmeId, position, event.data);
        break;
      // A game's prize: an exchange like a redemption's, for no points.
      case 'LoyaltyRewardGranted':
        this.exchange(programmeId, position, { ...event.data, price: 0, campaign_reward_id: null, by: null });
        break;
      case 'LoyaltyCampaignRewardGranted': {
        const member = this.members.get(event.data.card_id);
        if (!member || member.granted.includes(event.data.campaign_reward_id)) break;
        member.granted.push(event.data.campaign_reward_id);
        this.touched.add(member.card_id);
        break;
      }
      case 'LoyaltyReferralRecorded': {
        const { referral_id, referrer, referrer_card_id, friend, friend_card_id, action, flags, at } = event.data;
        this.referrals.push({
          referral_id,
          programme_id: programmeId,
          referrer,
          referrer_card_id,
          friend,
          friend_card_id,
          action,
          flags,
          status: statusOf(flags),
          recorded_at: at,
        });
        break;
      }
      case 'LoyaltyReferralConverted': {
        const { referral_id, friend_card_id, rewarded, at } = event.data;
        this.conversions.push({ referral_id, friend_card_id, rewarded, at });
        break;
      }
      default:
        break;
    }
  }

  /** A reward taken from its stock onto a card: its exchange, and the card's history line with the price it cost. */
  private exchange(programmeId: string, position: number, exchange: ExchangeMade): void {
    const { card_id, reward_id, reward_name, price, exchange_id, campaign_reward_id, by, at } = exchange;
    const key = `${programmeId}/${reward_id}`;
    const stock = this.stock.get(key) ?? { programme_id: programmeId, reward_id, redeemed: 0 };
    stock.redeemed++;
    this.stock.set(key, stock);
    this.exchanges.push({ exchange_id, programme_id: programmeId, card_id, reward_id, reward_name, price, campaign_reward_id, at });
    const member = this.moved(card_id, at);
    if (!member) return;
    member.balance -= price;
    this.line(programmeId, position, card_id, at, { kind: 'redeemed', amount: -price, reward_id, reward_name, exchange_id, posted_by: by });
  }

  async write(tx: SqlExecutor, tables: LoyaltyTables): Promise<void> {
    const members = [...this.touched].map((card) => this.members.get(card)!);
    if (members.length > 0) {
      await tx.query(
        `INSERT INTO ${tables.members} (card_id, programme_id, email, phone, name, balance, lifetime, scans, last_stamp_at, granted, joined_at, last_activity_at)
           SELECT card_id, programme_id, email, phone, name, balance, lifetime, scans, last_stamp_at, granted, joined_at, last_activity_at
             FROM jsonb_to_recordset($1::jsonb) AS r(${MEMBER_COLUMNS})
         ON CONFLICT (card_id) DO UPDATE SET balance = excluded.balance, lifetime = excluded.lifetime, scans = excluded.scans,
           last_stamp_at = excluded.last_stamp_at, granted = excluded.granted, last_activity_at = excluded.last_activity_at`,
        [JSON.stringify(members)],
      );
    }
    await insertRows(
      tx,
      tables.history,
      this.history,
      `position bigint, programme_id uuid, card_id uuid, kind text, amount int, source text, reward_id uuid, reward_name text, exchange_id uuid,
       posted_by text, note text, balance_after int, at timestamptz`,
    );
    await insertRows(
      tx,
      tables.exchanges,
      this.exchanges,
      'exchange_id uuid, programme_id uuid, card_id uuid, reward_id uuid, reward_name text, price int, campaign_reward_id uuid, at timestamptz',
    );
    if (this.stock.size > 0) {
      await tx.query(
        `INSERT INTO ${tables.stock} AS s (programme_id, reward_id, redeemed)
           SELECT programme_id, reward_id, redeemed FROM jsonb_to_recordset($1::jsonb) AS r(programme_id uuid, reward_id uuid, redeemed int)
         ON CONFLICT (programme_id, reward_id) DO UPDATE SET redeemed = s.redeemed + excluded.redeemed`,
        [JSON.stringify([...this.stock.values()])],
      );
    }
    if (this.joins.size > 0) {
      await tx.query(
        `UPDATE ${tables.programmes} p SET members = p.members + r.n FROM jsonb_to_recordset($1::jsonb) AS r(programme_id uuid, n int)
          WHERE p.programme_id = r.programme_id`,
        [JSON.stringify([...this.joins].map(([programme_id, n]) => ({ programme_id, n })))],
      );
    }
    await this.writeReferrals(tx, tables.referrals);
  }

  /** In this order: a referral recorded, converted and rewarded in one batch is inserted before it is updated. */
  private async writeReferrals(tx: SqlExecutor, referrals: string): Promise<void> {
    await insertRows(
      tx,
      referrals,
      this.referrals,
      'referral_id uuid, programme_id uuid, referrer text, referrer_card_id uuid, friend text, friend_card_id uuid, action text, flags jsonb, status text, recorded_at timestamptz',
    );
    if (this.conversions.length > 0) {
      await tx.query(
        `UPDATE ${referrals} f SET status = CASE WHEN f.status = 'flagged' THEN 'flagged' ELSE 'converted' END,
                friend_card_id = r.friend_card_id, rewarded = r.rewarded, converted_at = r.at
           FROM jsonb_to_recordset($1::jsonb) AS r(referral_id uuid, friend_card_id uuid, rewarded boolean, at timestamptz)
          WHERE f.referral_id = r.referral_id`,
        [JSON.stringify(this.conversions)],
      );
    }
    if (this.referralCredits.length > 0) {
      // A referral credits both sides under its id: the referrer's share is the credit to the referrer's card.
      await tx.query(
        `UPDATE ${referrals} f SET referrer_rewarded = f.referrer_rewarded + r.amount
           FROM (SELECT referral_id, card_id, sum(amount)::int AS amount FROM jsonb_to_recordset($1::jsonb) AS c(referral_id uuid, card_id uuid, amount int)
                  GROUP BY 1, 2) r
          WHERE f.referral_id = r.referral_id AND f.referrer_card_id = r.card_id`,
        [JSON.stringify(this.referralCredits)],
      );
    }
  }

  private moved(cardId: string, at: string): MemberRow | undefined {
    const member = this.members.get(cardId);
    if (!member) return undefined;
    member.last_activity_at = at;
    this.touched.add(cardId);
    return member;
  }

  private line(programmeId: string, position: number, cardId: string, at: string, entry: Partial<HistoryRow> & Pick<HistoryRow, 'kind' | 'amount'>): void {
    this.history.push({
      source: null,
      reward_id: null,
      reward_name: null,
      exchange_id: null,
      posted_by: null,
      note: null,
      ...entry,
      position,
      programme_id: programmeId,
      card_id: cardId,
      balance_after: this.members.get(cardId)?.balance ?? 0,
      at,
    });
  }
}

/** A referral a fraud rule fired on stays flagged, converted or not: it rewards no one. */
const statusOf = (flags: readonly ReferralFlagRecord[]): 'pending' | 'flagged' => (flags.length > 0 ? 'flagged' : 'pending');

/** Rows inserted as one JSON parameter, into the columns `record` names (`name type, …`), as the rows' keys do. */
async function insertRows(tx: SqlExecutor, table: string, rows: readonly object[], record: string): Promise<void> {
  if (rows.length === 0) return;
  const columns = record.split(',').map((column) => column.trim().split(/\s+/)[0]);
  await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`, [
    JSON.stringify(rows),
  ]);
}
