import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type AppleIssuerBody, type GoogleIssuerBody, type IssuersView, type WalletProvider } from '@qr/contracts';
import { can } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { checkAppleIssuer, issuerErrors } from './apple/apple-issuer-health';
import { checkGoogleIssuer } from './google/google-issuer-health';
import type { IssuerCheck } from './wallet-issuer';
import { WalletIssuers } from './wallet-issuers';

export type IssuerChange =
  { provider: 'apple'; body: AppleIssuerBody } | { provider: 'google'; body: GoogleIssuerBody } | { provider: WalletProvider; body: null };

/** Connects (or, with no body, disconnects) a wallet issuer; answers the issuers as they now stand. */
export class ChangeIssuerCommand extends Command<IssuersView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly change: IssuerChange,
  ) {
    super();
  }
}

export class GetIssuers extends Query<IssuersView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

/** The first error a check found, as the 400 that names it; nothing is stored then. */
function refuseErrors(check: IssuerCheck): void {
  const [error] = issuerErrors(check);
  if (error) throw new DomainError('pass_issuer_invalid', error.message, { problem: error.code });
}

@CommandHandler(ChangeIssuerCommand)
export class ChangeIssuerHandler implements ICommandHandler<ChangeIssuerCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly issuers: WalletIssuers,
  ) {}

  async execute({ caller, orgId, change }: ChangeIssuerCommand): Promise<IssuersView> {
    if (!can.connectWallets(await this.gate.roleIn(caller, orgId)))
      throw new DomainError('forbidden', 'Only the owner or an admin connects a wallet: it hands over the organisation’s signing certificate.');
    if (change.body === null) await this.issuers.disconnect(orgId, change.provider);
    else if (change.provider === 'apple') {
      const { org_id: _org, ...issuer } = change.body;
      const check = checkAppleIssuer(issuer, new Date());
      refuseErrors(check);
      const owner = await this.issuers.orgOfPassType(issuer.pass_type_identifier);
      if (owner && owner !== orgId)
        throw new DomainError('pass_issuer_invalid', 'Another organisation on this server signs passes of this pass type identifier.');
      await this.issuers.connect(orgId, 'apple', issuer, check);
    } else {
      const { org_id: _org, ...input } = change.body;
      const { issuer, check } = checkGoogleIssuer(input);
      refuseErrors(check);
      await this.issuers.connect(orgId, 'google', issuer, check);
    }
    return { issuers: await this.issuers.views(orgId) };
  }
}

@QueryHandler(GetIssuers)
export class GetIssuersHandler implements IQueryHandler<GetIssuers> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly issuers: WalletIssuers,
  ) {}

  async execute({ caller, orgId }: GetIssuers): Promise<IssuersView> {
    await this.gate.roleIn(caller, orgId);
    return { issuers: await this.issuers.views(orgId) };
  }
}
