import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, type PassPushView } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { LOGGER } from '../infrastructure';
import { RepeatingRound } from '../repeating-round';
import { ApnsSender } from './apple/apns-sender';
import { AppleRegistrations } from './apple/apple-registrations';
import { GoogleWallet } from './google/google-wallet';
import { PassContents } from './pass-contents';
import { PassPushQueue, type ClaimedPush } from './pass-push-queue';
import { PassReads } from './pass-reads';
import type { AppleIssuer } from './wallet-issuer';
import { WalletIssuers } from './wallet-issuers';

/** How often an idle updater looks for changed passes: a balance change reaches the phone within about this, plus the read model's own wake. */
const POLL_MS = 200;
/** Changed passes one round follows, and pushes it makes. */
const BATCH = 200;

/**
 * Keeps passes current in both wallets (docs/decisions/032), in every API process: follows the
 * passes read model's update tags (a balance, a stamp, a reward, a design, a voiding), queues one
 * push per changed pass, and makes each claimed push: an empty APNs notification to every Apple
 * device that follows the pass (which then asks the web service what changed), and a patch of the
 * Google Wallet object of a pass that was saved there. A device whose token is gone is forgotten.
 */
@Injectable()
export class PassUpdater implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly rounds = new RepeatingRound(
    () => this.runRound(),
    POLL_MS,
    (error) => this.log.error({ err: error }, 'the pass updater failed a round; it tries again'),
  );

  constructor(
    private readonly queue: PassPushQueue,
    private readonly reads: PassReads,
    private readonly contents: PassContents,
    private readonly issuers: WalletIssuers,
    private readonly apns: ApnsSender,
    private readonly registrations: AppleRegistrations,
    private readonly google: GoogleWallet,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rounds.stop();
  }

  /** Spec §7 "push": one pass to both wallets now, answering what it reached. */
  async push(passId: string, notify: boolean): Promise<PassPushView> {
    const pass = await this.reads.pass(passId);
    if (!pass) return { pass_id: passId, apple_devices: 0, google: false };
    const [apple, google] = await Promise.all([this.issuers.apple(pass.org_id), this.issuers.google(pass.org_id)]);
    let appleDevices = 0;
    // An APNs push carries nothing of the pass: the device fetches it. Only Google's copy needs the content made.
    if (apple) {
      const tokens = await this.reads.pushTokens(passId);
      if (tokens.length > 0) appleDevices = await this.pushApple(apple, tokens);
    }
    const content = google && (await this.reads.savedToGoogle(passId)) ? await this.contents.ofPass(passId) : undefined;
    if (google && content) await this.google.update(content, google, await this.contents.googleClassOf(content), notify);
    return { pass_id: passId, apple_devices: appleDevices, google: content !== undefined };
  }

  /** Pushes every device; the ones APNs says are gone are forgotten even when others failed (and the push is tried again). */
  private async pushApple(issuer: AppleIssuer, tokens: string[]): Promise<number> {
    try {
      const sent = await this.apns.push(issuer, tokens);
      if (sent.gone.length > 0) await this.registrations.forget(sent.gone);
      return sent.delivered;
    } catch (error) {
      const gone = error instanceof DomainError ? error.details['gone'] : undefined;
      if (Array.isArray(gone) && gone.length > 0) await this.registrations.forget(gone.filter((token): token is string => typeof token === 'string'));
      throw error;
    }
  }

  /** One round: the passes changed since the last followed into the queue, and a batch of due pushes made; busy when either was full. */
  private async runRound(): Promise<boolean> {
    const tag = await this.queue.followed(() => this.reads.latestTag());
    const changed = await this.reads.changedAfter(tag, BATCH);
    await this.queue.enqueue(changed);
    const claimed = await this.queue.claim(BATCH);
    await Promise.all(claimed.map((push) => this.deliver(push)));
    return changed.length === BATCH || claimed.length === BATCH;
  }

  private async deliver(push: ClaimedPush): Promise<void> {
    try {
      await this.push(push.pass_id, true);
      await this.queue.done(push);
    } catch (error) {
      this.log.warn({ err: error, pass_id: push.pass_id }, 'a pass update was not pushed; it is tried again later');
      await this.queue.failed(push, error instanceof Error ? error.message : String(error));
    }
  }
}
