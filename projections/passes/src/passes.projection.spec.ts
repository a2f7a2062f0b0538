import { LoyaltyTerms, PassDesignTerms, PromoTerms, type PassHolder, type PassSource } from '@qr/contracts';
import {
  loyaltyProgrammeStreamId,
  pageEventDataStreamId,
  passDesignStreamId,
  passStreamId,
  promoCampaignStreamId,
  type LoyaltyProgrammeEvent,
  type PageEventDataEvent,
  type PassDesignEvent,
  type PassEvent,
  type PromoCampaignEvent,
  type PromoRedeemed,
} from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { passes } from './index';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PROGRAMME = uuid(1);
const OTHER_PROGRAMME = uuid(2);
const CAMPAIGN = uuid(3);
const PAGE = uuid(4);
const OTHER_PAGE = uuid(5);
const [CARD_DESIGN, PROMO_DESIGN, TICKET_DESIGN] = [uuid(11), uuid(12), uuid(13)];
const [ADA, BOB] = [uuid(21), uuid(22)];
const [ADA_PASS, BOB_PASS, CODE_PASS, OTHER_CODE_PASS, TICKET_PASS] = [uuid(31), uuid(32), uuid(33), uuid(34), uuid(35)];
const by = 'ed@example.com';
const T0 = Date.parse('2026-12-03T09:00:00.000Z');
/** The nth append of a test happened n minutes after T0. */
const at = (n: number) => new Date(T0 + n * 60_000);

const cardSource: PassSource = { kind: 'loyalty_card', programme_id: PROGRAMME };
const promoSource: PassSource = { kind: 'promo_code', campaign_id: CAMPAIGN };
const ticketSource: PassSource = { kind: 'event_ticket', page_id: PAGE };
const terms = PassDesignTerms.parse({
  name: 'Coffee card',
  description: 'Your coffee stamps',
  background_color: '#112233',
  foreground_color: '#ffffff',
  label_color: '#cccccc',
});
const loyaltyTerms = LoyaltyTerms.parse({ name: 'Coffee card', kind: 'stamps', stamps_required: 5 });
const promoTerms = PromoTerms.parse({ name: 'Winter', offer: { kind: 'text', text: 'A free coffee' } });
const place = { latitude: 52.5, longitude: 13.4, radius_m: 100, starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T23:00:00Z', experience_id: null };

type SomeEvent = PassDesignEvent | PassEvent | LoyaltyProgrammeEvent | PromoCampaignEvent | PageEventDataEvent;

const designed = (design_id: string, source: PassSource): PassDesignEvent => ({
  type: 'PassDesignCreated',
  data: { design_id, org_id: 'org-1', source, terms, created_by: by },
});
const issued = (pass_id: string, design_id: string, source: PassSource, holder: PassHolder, issued_by: string | null = null): PassEvent => ({
  type: 'PassIssued',
  data: { pass_id, design_id, org_id: 'org-1', source, holder, issued_by },
});
const credited = (card_id: string): LoyaltyProgrammeEvent => ({
  type: 'LoyaltyCredited',
  data: {
    card_id,
    amount: 1,
    source: 'scan',
    at: at(0).toISOString(),
    by: null,
    note: null,
    request_id: null,
    purchase_amount: null,
    submission_id: null,
    referral_id: null,
    campaign_reward_id: null,
  },
});
const rewardRedeemed = (card_id: string): LoyaltyProgrammeEvent => ({
  type: 'LoyaltyRewardRedeemed',
  data: {
    card_id,
    reward_id: uuid(41),
    reward_name: 'A free coffee',
    price: 5,
    exchange_id: uuid(42),
    at: at(0).toISOString(),
    by,
    request_id: null,
    campaign_reward_id: null,
  },
});
const promoRedeemed = (promo_code: string, campaign_id: string | null): PromoRedeemed => ({
  type: 'PromoRedeemed',
  data: {
    campaign_id,
    code_id: 'AbCdEf1234',
    org_id: 'org-1',
    promo_code,
    visitor_key: 'v1',
    nonce: 'n1',
    nonce_issued_at: at(0).toISOString(),
    latitude: null,
    longitude: null,
    accuracy_m: null,
    distance_m: null,
    at: at(0).toISOString(),
    redemption_id: uuid(43),
    master_key: null,
  },
});
const eventDataSet = (page_id: string): PageEventDataEvent => ({ type: 'PageEventDataSet', data: { page_id, org_id: 'org-1', ...place, set_by: by } });

interface PassRow {
  voided: boolean;
  source_gone: boolean;
  design_gone: boolean;
  update_tag: number;
}

/** The rows before, with some passes' columns changed. */
const changed = (before: Record<string, PassRow>, changes: Record<string, Partial<PassRow>>): Record<string, PassRow> =>
  Object.fromEntries(Object.entries(before).map(([passId, row]) => [passId, { ...row, ...changes[passId] }]));

describe.each(testAdapters())('the passes read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [passes], { batchSize: 2, rebuildBatchSize: 3 });
  let appends = 0;
  beforeEach(() => {
    appends = 0;
  });

  /** Appends events as their decider would have, and answers the global position of the last one: the tag of the passes it changed. */
  const append = async (streamId: string, events: readonly SomeEvent[]): Promise<number> => {
    const occurredAt = at(++appends);
    const { lastGlobalPosition } = await t.store.append({
      streamId,
      expectedVersion: 'any',
      events: events.map(({ type, data }) => ({ type, data, occurredAt })),
    });
    return lastGlobalPosition;
  };
  const caughtUp = () => t.runner.caughtUp();

  const passRows = async (): Promise<Record<string, PassRow>> => {
    const { rows } = await t.db.query<PassRow & { pass_id: string; update_tag: number | string }>(
      'SELECT pass_id, voided, source_gone, design_gone, update_tag FROM passes ORDER BY pass_id',
    );
    return Object.fromEntries(rows.map(({ pass_id, update_tag, ...row }) => [pass_id, { ...row, update_tag: Number(update_tag) }]));
  };
  const allRows = async () => ({
    designs: (await t.db.query('SELECT * FROM pass_designs ORDER BY design_id')).rows,
    passes: (await t.db.query('SELECT * FROM passes ORDER BY pass_id')).rows,
  });

  /** A card design with Ada's and Bob's passes, a promo design with two codes' passes and a ticket design with one; answers their rows. */
  async function issueAll(): Promise<Record<string, PassRow>> {
    await append(passDesignStreamId(CARD_DESIGN), [designed(CARD_DESIGN, cardSource)]);
    await append(passDesignStreamId(PROMO_DESIGN), [designed(PROMO_DESIGN, promoSource)]);
    await append(passDesignStreamId(TICKET_DESIGN), [designed(TICKET_DESIGN, ticketSource)]);
    await append(passStreamId(ADA_PASS), [issued(ADA_PASS, CARD_DESIGN, cardSource, { kind: 'loyalty_card', card_id: ADA }, by)]);
    await append(passStreamId(BOB_PASS), [issued(BOB_PASS, CARD_DESIGN, cardSource, { kind: 'loyalty_card', card_id: BOB })]);
    await append(passStreamId(CODE_PASS), [issued(CODE_PASS, PROMO_DESIGN, promoSource, { kind: 'promo_code', promo_code: 'winter-7k2q' })]);
    await append(passStreamId(OTHER_CODE_PASS), [issued(OTHER_CODE_PASS, PROMO_DESIGN, promoSource, { kind: 'promo_code', promo_code: 'WINTER-AAAA' })]);
    await append(passStreamId(TICKET_PASS), [issued(TICKET_PASS, TICKET_DESIGN, ticketSource, { kind: 'event_ticket', holder: 'Ada Lovelace' })]);
    await t.runner.start();
    await caughtUp();
    return passRows();
  }

  it('lists each design with its number of passes, and each pass with the key its holder is found by', async () => {
    await issueAll();
    const { designs, passes: rows } = await allRows();
    const design = (design_id: string, source: PassSource, source_id: string, count: number, n: number) => ({
      design_id,
      org_id: 'org-1',
      kind: source.kind,
      source_id,
      source,
      terms,
      status: 'live',
      passes: count,
      created_at: at(n),
      updated_at: at(n),
    });
    expect(designs).toEqual([
      design(CARD_DESIGN, cardSource, PROGRAMME, 2, 1),
      design(PROMO_DESIGN, promoSource, CAMPAIGN, 2, 2),
      design(TICKET_DESIGN, ticketSource, PAGE, 1, 3),
    ]);
    expect(
      rows.map(({ pass_id, design_id, kind, source_id, holder_key, issued_by, issued_at }) => ({
        pass_id,
        design_id,
        kind,
        source_id,
        holder_key,
        issued_by,
        issued_at,
      })),
    ).toEqual([
      { pass_id: ADA_PASS, design_id: CARD_DESIGN, kind: 'loyalty_card', source_id: PROGRAMME, holder_key: ADA, issued_by: by, issued_at: at(4) },
      { pass_id: BOB_PASS, design_id: CARD_DESIGN, kind: 'loyalty_card', source_id: PROGRAMME, holder_key: BOB, issued_by: null, issued_at: at(5) },
      { pass_id: CODE_PASS, design_id: PROMO_DESIGN, kind: 'promo_code', source_id: CAMPAIGN, holder_key: 'WINTER-7K2Q', issued_by: null, issued_at: at(6) },
      {
        pass_id: OTHER_CODE_PASS,
        design_id: PROMO_DESIGN,
        kind: 'promo_code',
        source_id: CAMPAIGN,
        holder_key: 'WINTER-AAAA',
        issued_by: null,
        issued_at: at(7),
      },
      { pass_id: TICKET_PASS, design_id: TICKET_DESIGN, kind: 'event_ticket', source_id: PAGE, holder_key: 'Ada Lovelace', issued_by: null, issued_at: at(8) },
    ]);
    expect(rows[2]).toMatchObject({ holder: { kind: 'promo_code', promo_code: 'winter-7k2q' }, voided: false, source_gone: false, design_gone: false });
  });

  it('moves the tag of the card whose balance changed, so only that wallet is told to update', async () => {
    const before = await issueAll();
    const credit = await append(loyaltyProgrammeStreamId(PROGRAMME), [credited(ADA)]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: { update_tag: credit } }));
    const redemption = await append(loyaltyProgrammeStreamId(PROGRAMME), [rewardRedeemed(BOB)]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: { update_tag: credit }, [BOB_PASS]: { update_tag: redemption } }));
    const { rows } = await t.db.query('SELECT updated_at FROM passes WHERE pass_id = $1', [ADA_PASS]);
    expect(rows).toEqual([{ updated_at: at(9) }]);
  });

  it('updates every pass of a changed programme, none of another programme, and marks them when the programme is deleted', async () => {
    const before = await issueAll();
    await append(loyaltyProgrammeStreamId(OTHER_PROGRAMME), [{ type: 'LoyaltyProgrammeUpdated', data: { terms: loyaltyTerms, updated_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(before);
    const update = await append(loyaltyProgrammeStreamId(PROGRAMME), [{ type: 'LoyaltyProgrammeUpdated', data: { terms: loyaltyTerms, updated_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: { update_tag: update }, [BOB_PASS]: { update_tag: update } }));
    const deletion = await append(loyaltyProgrammeStreamId(PROGRAMME), [{ type: 'LoyaltyProgrammeDeleted', data: { deleted_by: by } }]);
    await caughtUp();
    const gone = { update_tag: deletion, source_gone: true };
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: gone, [BOB_PASS]: gone }));
  });

  it('updates the passes of a changed design and marks them when the design is deleted', async () => {
    const before = await issueAll();
    const renamed = PassDesignTerms.parse({ ...terms, name: 'Coffee card 2027' });
    const update = await append(passDesignStreamId(CARD_DESIGN), [{ type: 'PassDesignUpdated', data: { terms: renamed, updated_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: { update_tag: update }, [BOB_PASS]: { update_tag: update } }));
    const deletion = await append(passDesignStreamId(CARD_DESIGN), [{ type: 'PassDesignDeleted', data: { deleted_by: by } }]);
    await caughtUp();
    const gone = { update_tag: deletion, design_gone: true };
    expect(await passRows()).toEqual(changed(before, { [ADA_PASS]: gone, [BOB_PASS]: gone }));
    const { rows } = await t.db.query('SELECT terms, status, passes, updated_at FROM pass_designs WHERE design_id = $1', [CARD_DESIGN]);
    expect(rows).toEqual([{ terms: renamed, status: 'deleted', passes: 2, updated_at: at(10) }]);
  });

  it('voids a pass and restores it, telling its wallet each time', async () => {
    const before = await issueAll();
    const voiding = await append(passStreamId(BOB_PASS), [{ type: 'PassVoided', data: { voided_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [BOB_PASS]: { update_tag: voiding, voided: true } }));
    const restoring = await append(passStreamId(BOB_PASS), [{ type: 'PassRestored', data: { restored_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [BOB_PASS]: { update_tag: restoring } }));
  });

  it('updates the pass of the code redeemed as typed at the till, and every code’s pass when the campaign changes or goes', async () => {
    const before = await issueAll();
    await append(promoCampaignStreamId(CAMPAIGN), [promoRedeemed('WINTER-7K2Q', null)]);
    await caughtUp();
    expect(await passRows()).toEqual(before);
    const redemption = await append(promoCampaignStreamId(CAMPAIGN), [promoRedeemed(' Winter-7k2q ', CAMPAIGN)]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [CODE_PASS]: { update_tag: redemption } }));
    const update = await append(promoCampaignStreamId(CAMPAIGN), [{ type: 'PromoCampaignUpdated', data: { terms: promoTerms, updated_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [CODE_PASS]: { update_tag: update }, [OTHER_CODE_PASS]: { update_tag: update } }));
    const deletion = await append(promoCampaignStreamId(CAMPAIGN), [{ type: 'PromoCampaignDeleted', data: { deleted_by: by } }]);
    await caughtUp();
    const gone = { update_tag: deletion, source_gone: true };
    expect(await passRows()).toEqual(changed(before, { [CODE_PASS]: gone, [OTHER_CODE_PASS]: gone }));
  });

  it('updates the tickets of an event page whose time or place changed, and of no other page', async () => {
    const before = await issueAll();
    await append(pageEventDataStreamId(OTHER_PAGE), [eventDataSet(OTHER_PAGE)]);
    await caughtUp();
    expect(await passRows()).toEqual(before);
    const set = await append(pageEventDataStreamId(PAGE), [eventDataSet(PAGE)]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [TICKET_PASS]: { update_tag: set } }));
    const cleared = await append(pageEventDataStreamId(PAGE), [{ type: 'PageEventDataCleared', data: { page_id: PAGE, cleared_by: by } }]);
    await caughtUp();
    expect(await passRows()).toEqual(changed(before, { [TICKET_PASS]: { update_tag: cleared } }));
  });

  it('rebuilds to the same rows, tags included, replay after replay', async () => {
    await issueAll();
    await append(loyaltyProgrammeStreamId(PROGRAMME), [credited(ADA), rewardRedeemed(ADA)]);
    await append(passStreamId(BOB_PASS), [{ type: 'PassVoided', data: { voided_by: by } }]);
    await append(promoCampaignStreamId(CAMPAIGN), [promoRedeemed('winter-aaaa', CAMPAIGN), { type: 'PromoCampaignDeleted', data: { deleted_by: by } }]);
    await append(pageEventDataStreamId(PAGE), [eventDataSet(PAGE)]);
    await append(passDesignStreamId(TICKET_DESIGN), [{ type: 'PassDesignDeleted', data: { deleted_by: by } }]);
    await caughtUp();
    const live = await allRows();
    for (const replay of [1, 2]) {
      const report = await t.runner.rebuild('passes');
      expect(report).toMatchObject({ generation: replay + 1 });
      expect(report.eventsProcessed).toBe(report.eventsInStore);
      expect(await allRows()).toEqual(live);
    }
  });
});
