import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { can } from '@qr/domain';
import { CodeReads, codeNotFound } from '../../codes';
import { type Caller, TenancyGate } from '../../identity';

/**
 * Who may do what with an organisation's SMS (permissions.ts): every member reads its keywords and
 * rules (`messaging.read`), content editors change them and send (`messaging.write`), and buying a
 * number spends the organisation's Twilio money, so only those who connect providers
 * (`messaging.connect`, managers) buy one.
 */
@Injectable()
export class SmsAccess {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
  ) {}

  async reader(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.read('messaging', role)) throw new DomainError('forbidden', `A ${role} cannot read messaging.`);
  }

  /** Returns the caller's actor id, which the consent ledger records. */
  async writer(caller: Caller, orgId: string): Promise<string> {
    const actor = await this.gate.actorIn(caller, orgId);
    if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot send or change messages.`);
    return actor.id;
  }

  async buyer(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.connectMessaging(role)) throw new DomainError('forbidden', `A ${role} cannot buy phone numbers: ask an owner or admin.`);
  }

  /** A writer of the organisation that owns a thing (`orgId` undefined: none); others hear `notFound`. */
  async writerOwning(caller: Caller, orgId: string | undefined, notFound: DomainError): Promise<string> {
    const { actor } = await this.gate.actorOwning(caller, orgId, notFound);
    if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot send or change messages.`);
    return actor.id;
  }

  /** A keyword or rule names a code of the organisation's own: another's answers as one that does not exist. */
  async assertOwnCode(orgId: string, codeId: string | undefined): Promise<void> {
    if (codeId !== undefined && (await this.codes.live(codeId))?.org_id !== orgId) throw codeNotFound();
  }
}
