import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  type CardMovement,
  type CreateProgrammeBody,
  type LoyaltyTerms,
  type PostCardBody,
  type ProgrammeView,
  type StaffRedeemBody,
} from '@qr/contracts';
import type { PostCard } from '@qr/domain';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { LoyaltyAccess } from './loyalty-access';
import { LoyaltyDecisions, type LoyaltyDecision } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';

export class CreateProgrammeCommand extends Command<ProgrammeView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateProgrammeBody,
  ) {
    super();
  }
}

export type ProgrammeChange = { type: 'UpdateProgramme'; terms: LoyaltyTerms } | { type: 'DeleteProgramme' };

export class ChangeProgrammeCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
    readonly change: ProgrammeChange,
  ) {
    super();
  }
}

/** Spec §7 "post card" and a redemption at the counter: what the staff member did to one card. */
export class MoveCardCommand extends Command<CardMovement> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
    readonly cardId: string,
    readonly move: { kind: 'post'; body: PostCardBody } | { kind: 'redeem'; body: StaffRedeemBody },
  ) {
    super();
  }
}

/** A campaign reward waits for an action on a code: one of the organisation's live codes, named by the field that holds it. */
async function assertCampaignCodes(codes: CodeReads, orgId: string, terms: LoyaltyTerms, prefix: string): Promise<void> {
  const codeIds = terms.campaign_rewards.map((campaign) => campaign.code_id);
  if (codeIds.length === 0) return;
  const live = await codes.liveNames(orgId, codeIds);
  const missing = codeIds.findIndex((codeId) => !live.has(codeId));
  if (missing >= 0) throw new DomainError('code_not_found', 'No such code in this organisation.', { field: `${prefix}.campaign_rewards.${missing}.code_id` });
}

/** Every command a staff screen sends moves the card or the programme the decider holds: its answer says the card after it. */
function movementOf({ answer }: LoyaltyDecision): CardMovement {
  if (answer === null) throw new Error('A card command decided without a card to answer with');
  return answer;
}

/**
 * A programme on a live code of the organisation (spec §1 loyalty): the answer is built from the
 * command decided, and the command waits, bounded, for the read model, so the screen's next read
 * finds it.
 */
@CommandHandler(CreateProgrammeCommand)
export class CreateProgrammeHandler implements ICommandHandler<CreateProgrammeCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly decisions: LoyaltyDecisions,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, body }: CreateProgrammeCommand): Promise<ProgrammeView> {
    const { org_id, code_id, terms } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    const code = await this.codes.live(code_id);
    if (code?.org_id !== org_id) throw codeNotFound();
    await assertCampaignCodes(this.codes, org_id, terms, 'body.terms');
    const programmeId = randomUUID();
    const at = new Date().toISOString();
    const decision = await this.decisions.decide(programmeId, { type: 'CreateProgramme', actor, at, programme_id: programmeId, org_id, code_id, terms });
    await this.reads.reached(decision.appended);
    return {
      programme_id: programmeId,
      org_id,
      code_id,
      terms,
      members: 0,
      rewards: terms.reward_list.map(({ reward_id, name, price, stock }) => ({ reward_id, name, price, stock, redeemed: 0, remaining: stock })),
      created_at: at,
      updated_at: at,
    };
  }
}

/** Replaces a programme's terms, or deletes it: its card page answers 404 from then on, its members and history stay. */
@CommandHandler(ChangeProgrammeCommand)
export class ChangeProgrammeHandler implements ICommandHandler<ChangeProgrammeCommand> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly codes: CodeReads,
    private readonly decisions: LoyaltyDecisions,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, programmeId, change }: ChangeProgrammeCommand): Promise<void> {
    const { programme, actor } = await this.access.visible(caller, programmeId);
    if (change.type === 'UpdateProgramme') await assertCampaignCodes(this.codes, programme.org_id, change.terms, 'body.terms');
    const decision = await this.decisions.decide(programmeId, { ...change, actor, at: new Date().toISOString() });
    await this.reads.reached(decision.appended);
  }
}

/** A stamp, a purchase or a correction posted to a card, or a reward redeemed at the counter; a repeated `request_id` moves nothing. */
@CommandHandler(MoveCardCommand)
export class MoveCardHandler implements ICommandHandler<MoveCardCommand> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly decisions: LoyaltyDecisions,
  ) {}

  async execute({ caller, programmeId, cardId, move }: MoveCardCommand): Promise<CardMovement> {
    const { actor } = await this.access.visible(caller, programmeId);
    const at = new Date().toISOString();
    if (move.kind === 'redeem') {
      const { reward_id, request_id } = move.body;
      return movementOf(
        await this.decisions.decide(programmeId, { type: 'RedeemReward', actor, card_id: cardId, reward_id, exchange_id: randomUUID(), request_id, at }),
      );
    }
    const { body } = move;
    const entry: PostCard['entry'] =
      body.kind === 'correction'
        ? { kind: 'correction', amount: body.amount, note: body.note }
        : body.kind === 'purchase'
          ? { kind: 'purchase', purchase_amount: body.purchase_amount, note: body.note ?? null }
          : { kind: 'stamp', note: body.note ?? null };
    return movementOf(await this.decisions.decide(programmeId, { type: 'PostCard', actor, card_id: cardId, at, request_id: body.request_id, entry }));
  }
}
