import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type ProfileView } from '@qr/contracts';
import { Accounts, type Account } from './auth/accounts';
import type { Caller } from './caller';

export class GetProfile extends Query<ProfileView> {
  constructor(readonly caller: Caller) {
    super();
  }
}

/** A profile belongs to a person: an API key has none. */
export function personalEmail(caller: Caller): string {
  if (caller.kind !== 'member') throw new DomainError('forbidden', 'An API key has no profile; sign in as a user.');
  return caller.email;
}

export function toProfileView(email: string, account: Account | undefined): ProfileView {
  return account
    ? { email: account.email, display_name: account.displayName, local_account: true, created_at: account.createdAt.toISOString() }
    : { email, display_name: null, local_account: false, created_at: null };
}

@QueryHandler(GetProfile)
export class GetProfileHandler implements IQueryHandler<GetProfile> {
  constructor(private readonly accounts: Accounts) {}

  /** With an external sign-in service there is no local account: the profile is just the email the token names. */
  async execute({ caller }: GetProfile): Promise<ProfileView> {
    const email = personalEmail(caller);
    return toProfileView(email, await this.accounts.findByEmail(email));
  }
}
