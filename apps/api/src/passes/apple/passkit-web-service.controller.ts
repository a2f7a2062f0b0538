import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AppleDevicePath,
  AppleLogBody,
  ApplePassPath,
  AppleRegistrationBody,
  AppleRegistrationPath,
  AppleSerialsQuery,
  PKPASS_MEDIA_TYPE,
  type AppleSerialsView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { ReadModels } from '../../http/read-models.decorator';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import {
  GetLatestPass,
  ListChangedSerials,
  RecordWalletLogsCommand,
  RegisterDeviceCommand,
  UnregisterDeviceCommand,
  type LatestPass,
} from './passkit-web-service.handlers';

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
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 201 for a new registration, 200 for one the device had made (with a new push token, maybe). */
  @Post('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber')
  async register(
    @Param(registrationPath) path: AppleRegistrationPath,
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodValidationPipe(AppleRegistrationBody, 'body')) { pushToken }: AppleRegistrationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const registered: 'created' | 'updated' = await this.commands.execute(new RegisterDeviceCommand(path, authorization, pushToken));
    reply.status(registered === 'created' ? 201 : 200);
  }

  @Delete('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber')
  @HttpCode(200)
  async unregister(@Param(registrationPath) path: AppleRegistrationPath, @Headers('authorization') authorization: string | undefined): Promise<void> {
    await this.commands.execute(new UnregisterDeviceCommand(path, authorization));
  }

  /** 204 when none of the device's passes of this type changed after `passesUpdatedSince`. */
  @Get('devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier')
  async serials(
    @Param(new ZodValidationPipe(AppleDevicePath, 'path')) { deviceLibraryIdentifier, passTypeIdentifier }: AppleDevicePath,
    @Query(new ZodValidationPipe(AppleSerialsQuery, 'query')) { passesUpdatedSince }: AppleSerialsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AppleSerialsView | undefined> {
    const changed: AppleSerialsView | null = await this.queries.execute(
      new ListChangedSerials(deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince),
    );
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
    const latest: LatestPass = await this.queries.execute(new GetLatestPass(path, authorization, ifModifiedSince));
    if (latest.unchanged) {
      reply.status(304);
      return undefined;
    }
    void reply.headers({
      'content-type': PKPASS_MEDIA_TYPE,
      'last-modified': latest.lastModified.toUTCString(),
      // The bundle carries the pass's own token: no shared cache keeps it.
      'cache-control': 'private, no-cache',
    });
    return latest.pkpass;
  }

  @Post('log')
  @HttpCode(200)
  async logs(@Body(new ZodValidationPipe(AppleLogBody, 'body')) { logs }: AppleLogBody): Promise<void> {
    await this.commands.execute(new RecordWalletLogsCommand(logs));
  }
}
