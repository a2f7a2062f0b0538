import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type PassPushView, type WalletUrlView } from '@qr/contracts';
import { can } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { signPkpass } from './apple/apple-pass-signer';
import { GoogleWallet } from './google/google-wallet';
import { PassContents } from './pass-contents';
import { PassReads } from './pass-reads';
import { passNotFound, passOfType } from './pass-service.handlers';
import { PassUpdater } from './pass-updater';
import { WalletIssuers } from './wallet-issuers';

const notConnected = (provider: 'Apple' | 'Google'): DomainError =>
  new DomainError(
    'pass_issuer_not_connected',
    `${provider} Wallet is not connected: an owner or admin gives its ${provider === 'Apple' ? 'pass type certificate' : 'issuer id and service account'} on the wallet settings.`,
  );

/** Spec §7 "pkpass download by passTypeIdentifier and serialNumber": the signed pass, made now. */
export class DownloadPkpass extends Query<Buffer> {
  constructor(
    readonly passTypeIdentifier: string,
    readonly serialNumber: string,
  ) {
    super();
  }
}

/** Spec §7 "push": staff send a pass's current version to the wallets that hold it, now. */
export class PushPassCommand extends Command<PassPushView> {
  constructor(
    readonly caller: Caller,
    readonly passTypeId: string,
    readonly serialNumber: string,
  ) {
    super();
  }
}

/** Spec §7 "get wallet URL": the "Save to Google Wallet" link of a pass, its class and object inserted first. */
export class GetWalletUrl extends Query<WalletUrlView> {
  constructor(readonly passId: string) {
    super();
  }
}

@QueryHandler(DownloadPkpass)
export class DownloadPkpassHandler implements IQueryHandler<DownloadPkpass> {
  constructor(
    private readonly reads: PassReads,
    private readonly issuers: WalletIssuers,
    private readonly contents: PassContents,
  ) {}

  async execute({ passTypeIdentifier, serialNumber }: DownloadPkpass): Promise<Buffer> {
    const pass = await passOfType(this.reads, this.issuers, passTypeIdentifier, serialNumber);
    const issuer = await this.issuers.apple(pass.org_id);
    if (!issuer) throw notConnected('Apple');
    const content = await this.contents.ofPass(pass.pass_id);
    if (!content) throw passNotFound();
    return signPkpass(content, issuer);
  }
}

@CommandHandler(PushPassCommand)
export class PushPassHandler implements ICommandHandler<PushPassCommand> {
  constructor(
    private readonly reads: PassReads,
    private readonly issuers: WalletIssuers,
    private readonly gate: TenancyGate,
    private readonly updater: PassUpdater,
  ) {}

  async execute({ caller, passTypeId, serialNumber }: PushPassCommand): Promise<PassPushView> {
    const pass = await passOfType(this.reads, this.issuers, passTypeId, serialNumber).catch(() => undefined);
    const { actor } = await this.gate.actorOwning(caller, pass?.org_id, passNotFound());
    if (!can.write('loyalty', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot push wallet passes.`);
    return this.updater.push(serialNumber, true);
  }
}

@QueryHandler(GetWalletUrl)
export class GetWalletUrlHandler implements IQueryHandler<GetWalletUrl> {
  constructor(
    private readonly reads: PassReads,
    private readonly issuers: WalletIssuers,
    private readonly contents: PassContents,
    private readonly google: GoogleWallet,
  ) {}

  async execute({ passId }: GetWalletUrl): Promise<WalletUrlView> {
    const pass = await this.reads.pass(passId);
    if (!pass) throw passNotFound();
    const [issuer, content, design] = await Promise.all([this.issuers.google(pass.org_id), this.contents.ofPass(passId), this.contents.googleClassOf(pass)]);
    if (!issuer) throw notConnected('Google');
    return { url: await this.google.saveLink(content!, issuer, design) };
  }
}
