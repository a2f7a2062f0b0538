import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChangePasswordBody, ProfileView, UpdateProfileBody } from '@qr/contracts';
import { Accounts } from './auth/accounts';
import type { Caller } from './caller';
import { personalEmail, toProfileView } from './profile.queries';

export class UpdateProfileCommand extends Command<ProfileView> {
  constructor(
    readonly caller: Caller,
    readonly body: UpdateProfileBody,
  ) {
    super();
  }
}

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly body: ChangePasswordBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(private readonly accounts: Accounts) {}

  async execute({ caller, body }: UpdateProfileCommand): Promise<ProfileView> {
    const email = personalEmail(caller);
    return toProfileView(email, await this.accounts.changeDisplayName(email, body.display_name));
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(private readonly accounts: Accounts) {}

  async execute({ caller, body }: ChangePasswordCommand): Promise<void> {
    await this.accounts.changePassword(personalEmail(caller), body.current_password, body.new_password);
  }
}
