import { Body, Controller, Get, HttpCode, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangePasswordBody, UpdateProfileBody, type ProfileView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, CurrentCaller } from './authentication.guard';
import type { Caller } from './caller';
import { ChangePasswordCommand, UpdateProfileCommand } from './profile.handlers';
import { GetProfile } from './profile.queries';
import { ReadModels } from '../http/read-models.decorator';

/** The signed-in user's own profile (`/admin/profile`): name and password of a local account. */
@Controller('api/v1/profile')
@ReadModels()
@UseGuards(AuthenticationGuard)
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  get(@CurrentCaller() caller: Caller): Promise<ProfileView> {
    return this.queries.execute(new GetProfile(caller));
  }

  @Patch()
  update(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(UpdateProfileBody, 'body')) body: UpdateProfileBody): Promise<ProfileView> {
    return this.commands.execute(new UpdateProfileCommand(caller, body));
  }

  @Post('password')
  @HttpCode(204)
  async changePassword(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(ChangePasswordBody, 'body')) body: ChangePasswordBody): Promise<void> {
    await this.commands.execute(new ChangePasswordCommand(caller, body));
  }
}
