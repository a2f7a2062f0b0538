import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  AppleDevicePath,
  AppleLogBody,
  ApplePassPath,
  AppleRegistrationBody,
  AppleRegistrationPath,
  AppleSerialsQuery,
  DomainError,
  PKPASS_MEDIA_TYPE,
  type AppleSerialsView,
} from '@qr/contracts';
import type { Logger } from '@qr/platform';
import type { FastifyReply } from 'fastify';
import { ReadModels } from '../../http/read-models.decorator';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { LOGGER } from '../../infrastructure';
import { PassContents } from '../pass-contents';
import { PassReads, type PassRow } from '../pass-reads';
import { PassTokens } from '../pass-tokens';
import { WalletIssuers } from '../wallet-issuers';
import { signPkpass } from './apple-pass-signer';
import { AppleRegistrations } from './apple-registrations';

const APPLE_PASS = /^ApplePass (\S+)$/;

const registrationPath = new ZodValidationPipe(AppleRegistrationPath, 'path');

/**
 * Apple's PassKit web service (Apple's "Adding a web service to update passes"), which Wallet calls
 * at a pass's `webServiceURL`: devices register for a pass's updates, ask which of their passes
 * changed since the tag they hold, fetch a pass's newest version, and send their logs. A pass's
 * routes carry its `ApplePass` token; the serials route is authorised by the device library
 * identifier itself, which only the device and this server know. No sign-in: devices call these.
 */
@Controller('pass-service/v1')
@ReadModels('passes')
export class PassKitWebServiceController {
  constructor(
    private readonly tokens: PassTokens,
    private readonly issuers: WalletIssuers,
    private readonly reads: PassReads,
    private readonly contents: PassContents,
    private readonly registrations: AppleRegistrations,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** 201 for a new registration, 200 for one the device had made (with a new push token, maybe). */
  @Post('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber')
  async register(
    @Param(registrationPath) path: AppleRegistrationPath,
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodValidationPipe(AppleRegistrationBody, 'body')) { pushToken }: AppleRegistrationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const pass = await this.authorizedPass(authorization, path);
    const registered = await this.registrations.register({
      deviceLibraryIdentifier: path.deviceLibraryIdentifier,
      passTypeIdentifier: path.passTypeIdentifier,
      serialNumber: path.serialNumber,
      pushToken,
      orgId: pass.org_id,
    });
    reply.status(registered === 'created' ? 201 : 200);
  }

  @Delete('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber')
  @HttpCode(200)
  async unregister(@Param(registrationPath) path: AppleRegistrationPath, @Headers('authorization') authorization: string | undefined): Promise<void> {
    await this.authorizedPass(authorization, path);
    await this.registrations.unregister(path.deviceLibraryIdentifier, path.passTypeIdentifier, path.serialNumber);
  }

  /** 204 when none of the device's passes of this type changed after `passesUpdatedSince`. */
  @Get('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier')
  async serials(
    @Param(new ZodValidationPipe(AppleDevicePath, 'path')) { deviceLibraryIdentifier, passTypeIdentifier }: AppleDevicePath,
    @Query(new ZodValidationPipe(AppleSerialsQuery, 'query')) { passesUpdatedSince }: AppleSerialsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AppleSerialsView | undefined> {
    const changed = await this.registrations.serialsSince(deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince);
    if (changed) return changed;
    reply.status(204);
    return undefined;
  }

  /** The pass signed anew from what it shows now; 304 when it has not changed since the version the device holds. */
  @Get('passes/:passTypeIdentifier/:serialNumber')
  async latest(
    @Param(new ZodValidationPipe(ApplePassPath, 'path')) path: ApplePassPath,
    @Headers('authorization') authorization: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const pass = await this.authorizedPass(authorization, path);
    const heldSince = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
    // The version held has every change made before its Last-Modified (see lastModifiedOf).
    if (!Number.isNaN(heldSince) && pass.updated_at.getTime() < heldSince) {
      reply.status(304);
      return undefined;
    }
    // Taken before the content is read: a change after this time is not in the version served.
    const readAt = new Date();
    const [content, issuer] = await Promise.all([this.contents.ofPass(pass.pass_id), this.issuers.apple(pass.org_id)]);
    if (!content) throw new DomainError('pass_not_found', 'No pass of this type has this serial number.');
    if (!issuer) throw new DomainError('pass_issuer_not_connected', 'The organisation’s Apple Wallet issuer is not connected.');
    const pkpass = await signPkpass(content, issuer);
    void reply.headers({
      'content-type': PKPASS_MEDIA_TYPE,
      'last-modified': lastModifiedOf(pass.updated_at, readAt).toUTCString(),
      // The bundle carries the pass's own token: no shared cache keeps it.
      'cache-control': 'private, no-cache',
    });
    return pkpass;
  }

  /** Wallet's own account of what went wrong with a pass (a refused signature, an unreachable route), for whoever reads the server's log. */
  @Post('log')
  @HttpCode(200)
  logs(@Body(new ZodValidationPipe(AppleLogBody, 'body')) { logs }: AppleLogBody): void {
    for (const line of logs) this.log.info({ wallet_log: line }, 'a Wallet device logged');
  }

  /**
   * The pass a request's `ApplePass` token is for, of the organisation whose Apple issuer has the
   * path's pass type. A missing or wrong token is 401; a pass of another type or organisation is
   * no pass at all (404), as one that does not exist.
   */
  private async authorizedPass(authorization: string | undefined, path: ApplePassPath): Promise<PassRow> {
    const token = APPLE_PASS.exec(authorization ?? '')?.[1];
    if (!token || !(await this.tokens.verify(path.serialNumber, token)))
      throw new DomainError('pass_unauthorized', 'Send the pass’s authentication token as `Authorization: ApplePass <token>`.');
    const [orgId, pass] = await Promise.all([this.issuers.orgOfPassType(path.passTypeIdentifier), this.reads.pass(path.serialNumber)]);
    if (!orgId || pass?.org_id !== orgId) throw new DomainError('pass_not_found', 'No pass of this type has this serial number.');
    return pass;
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
