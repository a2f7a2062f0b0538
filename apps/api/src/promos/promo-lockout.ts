import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * How guessing is stopped. A visitor id is the browser's to choose, so a script makes a new one
 * per try: the address is what holds a script back, with more room than one phone since a venue's
 * Wi-Fi is one address for its whole crowd. A unique code's space is 10^6 times the codes issued
 * (PROMO_GUESS_FACTOR), so 30 failed guesses an address in ten minutes find one code in about
 * 30,000 years of trying.
 */
export const PROMO_GUARD = {
  /** Validations a minute. */
  rate: { visitor: 20, address: 60 },
  /** Failed validations (unknown codes, wrong master keys) within `failureWindowS` that lock out. */
  failures: { visitor: 10, address: 30 },
  failureWindowS: 10 * 60,
  lockS: 15 * 60,
} as const;

type Who = 'visitor' | 'address';

/** Too many validations or failures: 429 rate_limited, with Retry-After. */
export class PromoRateLimited extends DomainError {
  constructor(
    readonly retryAfterS: number,
    message: string,
  ) {
    super('rate_limited', message);
  }
}

/** The Retry-After header a refusal of the guard answers with, on Fastify's route and on the API's front alike. */
export const retryAfterOf = (error: unknown): string | undefined => (error instanceof PromoRateLimited ? String(error.retryAfterS) : undefined);

/**
 * Per-process counters in memory (rate-limiter-flexible), as the public routes' own limit is: one
 * server's worth, which a shared store joins with the scale issue. A lockout keyed by visitor and
 * by address, each counted on its own, so one of them locked is enough to refuse.
 */
@Injectable()
export class PromoLockout {
  private readonly rate: Record<Who, RateLimiterMemory>;
  private readonly failures: Record<Who, RateLimiterMemory>;

  constructor() {
    const limiter = (keyPrefix: string, points: number, duration: number) => new RateLimiterMemory({ keyPrefix, points, duration });
    this.rate = { visitor: limiter('promo-rate-visitor', PROMO_GUARD.rate.visitor, 60), address: limiter('promo-rate-address', PROMO_GUARD.rate.address, 60) };
    this.failures = {
      visitor: limiter('promo-fail-visitor', PROMO_GUARD.failures.visitor, PROMO_GUARD.failureWindowS),
      address: limiter('promo-fail-address', PROMO_GUARD.failures.address, PROMO_GUARD.failureWindowS),
    };
  }

  /** Counts one validation, or refuses it while either key is locked out or over its rate. */
  async admit(keys: Record<Who, string>): Promise<void> {
    for (const who of ['visitor', 'address'] as const) {
      const failed = await this.failures[who].get(keys[who]);
      if (failed && failed.consumedPoints >= PROMO_GUARD.failures[who]) {
        throw new PromoRateLimited(seconds(failed), `Too many codes that did not work: try again in ${minutes(failed)}.`);
      }
    }
    for (const who of ['visitor', 'address'] as const) {
      await this.rate[who].consume(keys[who]).catch((refused: unknown) => {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        throw new PromoRateLimited(seconds(refused), `Too many tries: try again in ${seconds(refused)} s.`);
      });
    }
  }

  /** A failed guess: the key that reaches its count is locked out for PROMO_GUARD.lockS. */
  async failed(keys: Record<Who, string>): Promise<void> {
    for (const who of ['visitor', 'address'] as const) {
      const counted = await this.failures[who].penalty(keys[who]);
      if (counted.consumedPoints >= PROMO_GUARD.failures[who]) await this.failures[who].block(keys[who], PROMO_GUARD.lockS);
    }
  }
}

const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
const minutes = (res: RateLimiterRes) => {
  const left = Math.ceil(res.msBeforeNext / 60_000);
  return left <= 1 ? 'a minute' : `${left} minutes`;
};
