import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, Provider, type Interaction } from 'oidc-provider';
import { DomainError } from '@qr/contracts';
import { toProblem } from '../../http/problem-details';
import { Accounts, PASSWORD_MIN_LENGTH, type Account } from './accounts';
import { errorPage, signInPage, signUpPage } from './auth-pages';

export type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { mode?: string }; Body: URLSearchParams | undefined }>;

type Mode = 'sign-in' | 'sign-up';

interface FormValues {
  email?: string;
  displayName?: string;
  error?: string;
}

/**
 * The pages at `/oidc/interaction/:uid` where oidc-provider sends a browser that has to sign in:
 * sign in or create an account, then hand the account back to the provider, which finishes the
 * authorization request. The password is read from the form and goes nowhere but the check.
 */
@Injectable()
export class SignInInteraction {
  constructor(
    private readonly provider: Provider,
    private readonly accounts: Accounts,
  ) {}

  async show(request: InteractionRequest, reply: FastifyReply): Promise<void> {
    const interaction = await this.interactionOf(request, reply);
    if (!interaction) return;
    const loginHint = interaction.params.login_hint;
    this.render(request, reply, request.query.mode === 'sign-up' ? 'sign-up' : 'sign-in', {
      email: typeof loginHint === 'string' ? loginHint : undefined,
    });
  }

  async submit(request: InteractionRequest, reply: FastifyReply): Promise<void> {
    const interaction = await this.interactionOf(request, reply);
    if (!interaction) return;
    const form = request.body ?? new URLSearchParams();
    const mode: Mode = form.get('intent') === 'sign-up' ? 'sign-up' : 'sign-in';
    const email = form.get('email') ?? '';
    const displayName = form.get('display_name') ?? '';
    let account: Account;
    try {
      const password = form.get('password') ?? '';
      account = mode === 'sign-up' ? await this.accounts.signUp({ email, password, displayName }) : await this.accounts.signIn(email, password);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const minutes = error.details.retryAfterMinutes;
      if (typeof minutes === 'number') void reply.header('retry-after', String(minutes * 60));
      void reply.code(toProblem(error, request.url, String(request.id)).status);
      return this.render(request, reply, mode, { email, displayName, error: error.message });
    }
    const returnTo = await this.provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.subject } },
      { mergeWithLastSubmission: false },
    );
    void reply.redirect(returnTo, 303);
  }

  /** The interaction this browser is in, or an error page when its cookie is gone or belongs to another one. */
  private async interactionOf(request: InteractionRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await this.provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid && interaction.prompt.name === 'login') return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    sendPage(reply.code(400), errorPage('This sign-in page has expired.'));
    return undefined;
  }

  private render(request: InteractionRequest, reply: FastifyReply, mode: Mode, values: FormValues): void {
    const action = request.url.split('?')[0]!;
    const html =
      mode === 'sign-up'
        ? signUpPage({ ...values, action, switchTo: action, passwordMinLength: PASSWORD_MIN_LENGTH })
        : signInPage({ ...values, action, switchTo: `${action}?mode=sign-up` });
    sendPage(reply, html);
  }
}

/** Pages with a password field are never cached and never framed (clickjacking). */
export function sendPage(reply: FastifyReply, html: string): void {
  void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', "frame-ancestors 'none'").send(html);
}
