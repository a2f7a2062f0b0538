import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type AppleRegistrationPath, type AppleSerialsView, type ApplePassPath } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { LOGGER } from '../../infrastructure';
import { PassContents } from '../pass-contents';
import { PassReads, type PassRow } from '../pass-reads';
import { PassTokens } from '../pass-tokens';
import { WalletIssuers } from '../wallet-issuers';
import { signPkpass } from './apple-pass-signer';
import { AppleRegistrations } from './apple-registrations';

const APPLE_PASS = /^ApplePass (\S+)$/;

/** Register a device for a pass's updates: answers whether the registration is new. */
export class RegisterDeviceCommand extends Command<'created' | 'updated'> {
  constructor(
    readonly path: AppleRegistrationPath,
    readonly authorization: string | undefined,
    readonly pushToken: string,
  ) {
    super();
  }
}

export class UnregisterDeviceCommand extends Command<void> {
  constructor(
    readonly path: AppleRegistrationPath,
    readonly authorization: string | undefined,
  ) {
    super();
  }
}

/** The serials of a device's passes of a type changed after a tag; null when none did. */
export class ListChangedSerials extends Query<AppleSerialsView | null> {
  constructor(
    readonly deviceLibraryIdentifier: string,
    readonly passTypeIdentifier: string,
    readonly passesUpdatedSince: string | undefined,
  ) {
    super();
  }
}

export type LatestPass = { unchanged: true } | { unchanged: false; pkpass: Buffer; lastModified: Date };

/** The pass signed anew from what it shows now, or that it has not changed since the version the device holds. */
export class GetLatestPass extends Query<LatestPass> {
  constructor(
    readonly path: ApplePassPath,
    readonly authorization: string | undefined,
    readonly ifModifiedSince: string | undefined,
  ) {
    super();
  }
}

/** Wallet's own account of what went wrong with a pass (a refused signature, an unreachable route), for whoever reads the server's log. */
export class RecordWalletLogsCommand extends Command<void> {
  constructor(readonly logs: readonly string[]) {
    super();
  }
}

/** Which pass a PassKit request is about, and whether its token is that pass's. */
@Injectable()
export class PassKitAuthorization {
  constructor(
    private readonly tokens: PassTokens,
    private readonly issuers: WalletIssuers,
    private readonly reads: PassReads,
  ) {}

  /**
   * The pass a request's `ApplePass` token is for, of the organisation whose Apple issuer has the
   * path's pass type. A missing or wrong token is 401; a pass of another type or organisation is
   * no pass at all (404), as one that does not exist.
   */
  async authorizedPass(authorization: string | undefined, path: ApplePassPath): Promise<PassRow> {
    const token = APPLE_PASS.exec(authorization ?? '')?.[1];
    if (!token || !(await this.tokens.verify(path.serialNumber, token)))
      throw new DomainError('pass_unauthorized', 'Send the pass’s authentication token as `Authorization: ApplePass <token>`.');
    const [orgId, pass] = await Promise.all([this.issuers.orgOfPassType(path.passTypeIdentifier), this.reads.pass(path.serialNumber)]);
    if (!orgId || pass?.org_id !== orgId) throw new DomainError('pass_not_found', 'No pass of this type has this serial number.');
    return pass;
  }
}

@CommandHandler(RegisterDeviceCommand)
export class RegisterDeviceHandler implements ICommandHandler<RegisterDeviceCommand> {
  constructor(
    private readonly authorization: PassKitAuthorization,
    private readonly registrations: AppleRegistrations,
  ) {}

  async execute({ path, authorization, pushToken }: RegisterDeviceCommand): Promise<'created' | 'updated'> {
    const pass = await this.authorization.authorizedPass(authorization, path);
    return this.registrations.register({
      deviceLibraryIdentifier: path.deviceLibraryIdentifier,
      passTypeIdentifier: path.passTypeIdentifier,
      serialNumber: path.serialNumber,
      pushToken,
      orgId: pass.org_id,
    });
  }
}

@CommandHandler(UnregisterDeviceCommand)
export class UnregisterDeviceHandler implements ICommandHandler<UnregisterDeviceCommand> {
  constructor(
    private readonly authorization: PassKitAuthorization,
    private readonly registrations: AppleRegistrations,
  ) {}

  async execute({ path, authorization }: UnregisterDeviceCommand): Promise<void> {
    await this.authorization.authorizedPass(authorization, path);
    await this.registrations.unregister(path.deviceLibraryIdentifier, path.passTypeIdentifier, path.serialNumber);
  }
}

@QueryHandler(ListChangedSerials)
export class ListChangedSerialsHandler implements IQueryHandler<ListChangedSerials> {
  constructor(private readonly registrations: AppleRegistrations) {}

  execute({ deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince }: ListChangedSerials): Promise<AppleSerialsView | null> {
    return this.registrations.serialsSince(deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince);
  }
}

@QueryHandler(GetLatestPass)
export class GetLatestPassHandler implements IQueryHandler<GetLatestPass> {
  constructor(
    private readonly authorization: PassKitAuthorization,
    private readonly contents: PassContents,
    private readonly issuers: WalletIssuers,
  ) {}

  async execute({ path, authorization, ifModifiedSince }: GetLatestPass): Promise<LatestPass> {
    const pass = await this.authorization.authorizedPass(authorization, path);
    const heldSince = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
    // The version held has every change made before its Last-Modified (see lastModifiedOf).
    if (!Number.isNaN(heldSince) && pass.updated_at.getTime() < heldSince) return { unchanged: true };
    // Taken before the content is read: a change after this time is not in the version served.
    const readAt = new Date();
    const [content, issuer] = await Promise.all([this.contents.ofPass(pass.pass_id), this.issuers.apple(pass.org_id)]);
    if (!content) throw new DomainError('pass_not_found', 'No pass of this type has this serial number.');
    if (!issuer) throw new DomainError('pass_issuer_not_connected', 'The organisation’s Apple Wallet issuer is not connected.');
    return { unchanged: false, pkpass: await signPkpass(content, issuer), lastModified: lastModifiedOf(pass.updated_at, readAt) };
  }
}

@CommandHandler(RecordWalletLogsCommand)
export class RecordWalletLogsHandler implements ICommandHandler<RecordWalletLogsCommand> {
  constructor(@Inject(LOGGER) private readonly log: Logger) {}

  async execute({ logs }: RecordWalletLogsCommand): Promise<void> {
    for (const line of logs) this.log.info({ wallet_log: line }, 'a Wallet device logged');
  }
}

const SECOND_MS = 1000;

/**
 * The Last-Modified of a pass changed at `changedAt` whose content was read at `readAt`: a whole
 * second (HTTP dates have no finer ones) before which every change is in the served version. The
 * second after the change's, unless that had not begun when the content was read: then another
 * change within the change's second could follow, so it is the second of the read, and the
 * device's next ask fetches the pass again rather than hearing 304 about a version it does not
 * hold (RFC 9110 §8.8.2.2 on dates within the second of a change).
 */
function lastModifiedOf(changedAt: Date, readAt: Date): Date {
  const floorSecond = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;
  return new Date(Math.min(floorSecond(changedAt.getTime()) + SECOND_MS, floorSecond(readAt.getTime())));
}
