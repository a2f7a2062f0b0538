import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@qr/contracts';
import { AccessTokenVerifier } from './auth/access-token-verifier';
import { ApiKeySecrets } from './api-key-secrets';
import type { Caller } from './caller';

type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Lets a request through only with `Authorization: Bearer <access token>` from the sign-in
 * service (a member, by email) or `Bearer qrk_…` (an API key), and records who it is for
 * `@CurrentCaller()`. Everything else is 401 `unauthenticated`, with no hint of which part was wrong.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokenVerifier,
    private readonly apiKeys: ApiKeySecrets,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new DomainError('unauthenticated', 'Send Authorization: Bearer with an access token or an API key.');
    request.caller = await this.authenticate(token);
    return true;
  }

  private async authenticate(token: string): Promise<Caller> {
    if (ApiKeySecrets.looksLikeApiKey(token)) {
      const key = await this.apiKeys.verify(token);
      if (!key) throw new DomainError('unauthenticated', 'The API key is not valid or has been revoked.');
      return { kind: 'api_key', ...key };
    }
    const { email } = await this.tokens.verify(token);
    return { kind: 'member', email: email.toLowerCase() };
  }
}

/**
 * A route that staff and visitors both call (a wallet pass of a holder): no Authorization is a
 * visitor; one who sends it must be who they say, as behind AuthenticationGuard.
 */
@Injectable()
export class OptionalAuthenticationGuard extends AuthenticationGuard {
  constructor(tokens: AccessTokenVerifier, apiKeys: ApiKeySecrets) {
    super(tokens, apiKeys);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!context.switchToHttp().getRequest<AuthenticatedRequest>().headers.authorization) return true;
    return super.canActivate(context);
  }
}

/** The caller an OptionalAuthenticationGuard let in, or null for a visitor. */
export const OptionalCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller | null => context.switchToHttp().getRequest<AuthenticatedRequest>().caller ?? null,
);

/** The caller the AuthenticationGuard let in; only on routes behind that guard. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const { caller } = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!caller) throw new DomainError('unauthenticated', 'This route is not behind the authentication guard.');
  return caller;
});
