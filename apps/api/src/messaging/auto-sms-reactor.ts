import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { renderTemplate, smsAddress, type PersonalValues } from '@qr/contracts';
import { loyaltyProgrammeStreamId, type FormSubmitted, type LoyaltyReferralConverted, type LoyaltyRewardRedeemed } from '@qr/domain';
import { CatchUpSubscription, type Checkpoint, type EventStore, type RecordedEvent } from '@qr/eventstore';
import { openSealed, type Config, type Logger, type SqlClient } from '@qr/platform';
import { publicLinkOf } from '../codes';
import { CONFIG, EVENT_STORE, LOGGER, SQL_CLIENT } from '../infrastructure';
import { LoyaltyReads } from '../loyalty';
import { OrganizationReads } from '../identity';
import { DeliveryQueue, type ReactionDelivery } from './delivery-queue';
import { DeliveryRunner } from './delivery-runner';

const NAME = 'auto-sms';
const PROGRAMME_PREFIX = loyaltyProgrammeStreamId('');

/** What each trigger of spec §7 "auto SMS" answers: a form sent, a reward redeemed, a referral converted. */
const TRIGGER_OF: Record<string, 'form_submitted' | 'reward_redeemed' | 'referral_converted'> = {
  FormSubmitted: 'form_submitted',
  LoyaltyRewardRedeemed: 'reward_redeemed',
  LoyaltyReferralConverted: 'referral_converted',
};

interface Rule {
  rule_id: string;
  org_id: string;
  trigger: string;
  code_id: string | null;
  message: string;
}

/** Whom one event is about, by phone, on which code. */
interface Subject {
  orgId: string;
  codeId: string;
  phone: string;
  fields: PersonalValues;
}

/**
 * Auto SMS (issue 55): follows the log from the moment it first runs, and for each form sent,
 * reward redeemed or referral converted on a code with an enabled rule queues the rule's text to
 * the person's phone. The messages and the checkpoint commit together; each message's key is its
 * rule and event, so two API processes reacting to one event queue it once. It is a single send:
 * refused only if the number opted out.
 */
@Injectable()
export class AutoSmsReactor implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: CatchUpSubscription | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly loyalty: LoyaltyReads,
    private readonly organizations: OrganizationReads,
    private readonly queue: DeliveryQueue,
    private readonly runner: DeliveryRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const from = await this.checkpoint();
    this.subscription = new CatchUpSubscription(this.store, {
      from,
      types: Object.keys(TRIGGER_OF),
      handle: (events, next) => this.react(events, next),
      onError: (error) => this.log.error({ err: error }, 'auto SMS could not react to a batch; it tries again'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  /** The stored checkpoint, or the log's horizon now: rules answer what happens from their first start on, not the history. */
  private async checkpoint(): Promise<Checkpoint> {
    await this.db.query(
      `INSERT INTO messaging_reactions (name, transaction_id, global_position) SELECT $1, pg_snapshot_xmin(pg_current_snapshot()), 0 ON CONFLICT (name) DO NOTHING`,
      [NAME],
    );
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string }>(
      'SELECT transaction_id::text, global_position FROM messaging_reactions WHERE name = $1',
      [NAME],
    );
    return { transactionId: rows[0]!.transaction_id, globalPosition: Number(rows[0]!.global_position) };
  }

  private async react(events: RecordedEvent[], next: Checkpoint): Promise<void> {
    const rules = await this.rulesFor(events);
    const queued: ReactionDelivery[] = [];
    if (rules.length > 0) {
      for (const event of events) {
        const matching = rules.filter((rule) => rule.trigger === TRIGGER_OF[event.type] && rule.org_id === event.metadata.org_id);
        if (matching.length === 0) continue;
        const subject = await this.subjectOf(event);
        if (!subject) continue;
        for (const rule of matching.filter((candidate) => candidate.code_id === null || candidate.code_id === subject.codeId)) {
          queued.push({
            key: `auto:${rule.rule_id}:${event.id}`,
            rule_id: rule.rule_id,
            org_id: subject.orgId,
            phone: subject.phone,
            text: renderTemplate(rule.message, subject.fields),
          });
        }
      }
    }
    await this.db.transaction(async (tx) => {
      await this.queue.enqueueReactions(tx, queued);
      await tx.query('UPDATE messaging_reactions SET transaction_id = $2::xid8, global_position = $3 WHERE name = $1', [
        NAME,
        next.transactionId,
        next.globalPosition,
      ]);
    });
    if (queued.length > 0) this.runner.kick();
  }

  /** The enabled rules of the organisations in the batch: most batches have none, and cost one query. */
  private async rulesFor(events: readonly RecordedEvent[]): Promise<Rule[]> {
    const orgIds = [...new Set(events.map((event) => event.metadata.org_id).filter((id): id is string => typeof id === 'string'))];
    if (orgIds.length === 0) return [];
    const { rows } = await this.db.query<Rule>(
      'SELECT rule_id, org_id, trigger, code_id, message FROM messaging_auto_sms WHERE enabled AND org_id = ANY($1::text[])',
      [orgIds],
    );
    return rows;
  }

  private async subjectOf(event: RecordedEvent): Promise<Subject | null> {
    const orgId = event.metadata.org_id!;
    const organizationName = (await this.organizations.publicProfileOf(orgId))?.name ?? '';
    if (event.type === 'FormSubmitted') {
      const data = event.data as FormSubmitted['data'];
      const [answers] = (await openSealed(this.db, orgId, [{ person: data.person, sealed: data.sealed_answers }])) as [Record<string, unknown> | undefined];
      const phone = typeof answers?.['phone'] === 'string' ? smsAddress(answers['phone']) : null;
      if (!phone) return null;
      const first = typeof answers?.['first_name'] === 'string' ? answers['first_name'] : undefined;
      return {
        orgId,
        codeId: data.code_id,
        phone,
        fields: {
          phone,
          organization_name: organizationName,
          code_url: publicLinkOf(this.config.PUBLIC_URL, data.code_id),
          ...(first ? { first_name: first, name: first } : {}),
        },
      };
    }
    const programmeId = event.streamId.slice(PROGRAMME_PREFIX.length);
    const cardId =
      event.type === 'LoyaltyRewardRedeemed'
        ? (event.data as LoyaltyRewardRedeemed['data']).card_id
        : (event.data as LoyaltyReferralConverted['data']).referrer_card_id;
    if (!cardId) return null;
    const member = await this.loyalty.memberContact(programmeId, cardId);
    const phone = member?.phone ? smsAddress(member.phone) : null;
    if (!member || !phone) return null;
    const first = member.name?.split(/\s+/)[0];
    return {
      orgId,
      codeId: member.code_id,
      phone,
      fields: {
        phone,
        organization_name: organizationName,
        code_url: publicLinkOf(this.config.PUBLIC_URL, member.code_id),
        ...(member.name ? { name: member.name, first_name: first } : {}),
      },
    };
  }
}
