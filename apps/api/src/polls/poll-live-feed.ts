import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LIVE_PUSH_INTERVAL_MS, type PollLiveView, type PollResultsView } from '@qr/contracts';
import { pollNotFound, pollStreamId } from '@qr/domain';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore } from '@qr/eventstore';
import type { Logger } from '@qr/platform';
import { polls } from '@qr/projections-engagement';
import type { ProjectionRunner } from '@qr/projections-runner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { formatPosition } from '../http/request-writes';
import { EVENT_STORE, LOGGER, PROJECTION_RUNNER } from '../infrastructure';
import { LiveChannels } from '../live-channels';
import { PollReads, resultsOf, type PollRow } from './poll-reads';

const POLL_PREFIX = pollStreamId('');

/** Voters' screens see the results only when they are shown; staff's always. */
export type PollAudience = 'public' | 'staff';
const AUDIENCES: readonly PollAudience[] = ['public', 'staff'];
export const pollChannel = (pollId: string, audience: PollAudience): string => `poll:${pollId}:${audience}`;

function liveViewOf(row: PollRow, results: PollResultsView, audience: PollAudience, position: Checkpoint): PollLiveView {
  // A deleted poll's screens hear it closed, with nothing more to show voters.
  const status = row.status === 'deleted' ? 'closed' : row.status;
  const shown = audience === 'staff' || (!row.results_hidden && row.status !== 'deleted');
  return {
    poll_id: row.poll_id,
    status,
    results_hidden: row.results_hidden,
    round: row.round,
    results: shown ? results : null,
    position: formatPosition(position),
  };
}

/**
 * Live results (issue 57): the polls projection says after each batch which polls it changed; every
 * LIVE_PUSH_INTERVAL_MS the feed reads those that have screens, all in two queries, and publishes
 * each poll's whole state once per channel. However fast votes come, a screen hears a few messages a
 * second, each one serialisation for every screen on the channel. `position` is the checkpoint of
 * the poll's last event the results include, as a vote's x-position names it.
 */
@Injectable()
export class PollLiveFeed implements OnModuleDestroy {
  private readonly dirty = new Set<string>();
  /** Polls this process has opened live streams of, and the checkpoint of each one's last event applied. */
  private readonly watched = new Map<string, Checkpoint | null>();
  /** The last message published on each channel: a room's screens joining at once start from it, not from a read each. */
  private readonly latest = new Map<string, string>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  private pushing = false;

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly channels: LiveChannels,
    private readonly reads: PollReads,
  ) {
    this.unsubscribe = projections.onApplied(polls.name, (events) => {
      // After a rebuild anything may have changed.
      if (!events) return this.watched.forEach((_, pollId) => this.dirty.add(pollId));
      for (const event of events) {
        const pollId = event.streamId.slice(POLL_PREFIX.length);
        if (!this.watched.has(pollId)) continue;
        const known = this.watched.get(pollId);
        const position = checkpointOf(event);
        if (!known || compareCheckpoints(position, known) > 0) this.watched.set(pollId, position);
        this.dirty.add(pollId);
      }
    });
    this.timer = setInterval(() => void this.push(), LIVE_PUSH_INTERVAL_MS).unref();
  }

  /** Answers the request with the poll's live stream for `audience`, starting with its state now; 404 for a deleted or unknown poll. */
  async open(pollId: string, audience: PollAudience, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const channel = pollChannel(pollId, audience);
    // Anything applied since it was published has marked the poll dirty: the next push brings it.
    const published = this.latest.get(channel);
    if (published !== undefined) return this.channels.open(channel, request, reply, published);
    const position = this.watched.get(pollId) ?? (await this.projectedHead());
    const row = await this.reads.poll(pollId);
    if (!row || row.status === 'deleted') throw pollNotFound();
    if (!this.watched.has(pollId)) this.watched.set(pollId, null);
    const first = liveViewOf(row, await this.reads.results(row), audience, position);
    this.channels.open(channel, request, reply, JSON.stringify(first));
    // A push between the read above and the stream's opening would pass this screen by: the next one catches it up.
    this.dirty.add(pollId);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    clearInterval(this.timer);
  }

  /** Where the log stands once the polls read model has caught up with it (bounded): what a first read includes. */
  private async projectedHead(): Promise<Checkpoint> {
    const head = await this.store.lastCheckpoint();
    await this.projections.waitFor(head, [polls.name], READ_YOUR_WRITES_DEFAULTS.queryWaitMs);
    return head;
  }

  /** One push at a time: a slow read delays the next tick's rather than piling reads up. */
  private async push(): Promise<void> {
    if (this.pushing || this.dirty.size === 0) return;
    this.pushing = true;
    try {
      const pollIds = [...this.dirty].filter((pollId) => this.isWatched(pollId));
      this.dirty.clear();
      if (pollIds.length > 0) await this.publish(pollIds);
    } catch (error) {
      this.log.warn({ err: error }, 'poll live feed: could not read results');
    } finally {
      this.pushing = false;
    }
  }

  private isWatched(pollId: string): boolean {
    if (this.channels.isWatched(pollChannel(pollId, 'public')) || this.channels.isWatched(pollChannel(pollId, 'staff'))) return true;
    this.watched.delete(pollId);
    for (const audience of AUDIENCES) this.latest.delete(pollChannel(pollId, audience));
    return false;
  }

  private async publish(pollIds: string[]): Promise<void> {
    // Positions before the reads: the results then include at least what each says.
    const known = new Map(pollIds.map((pollId) => [pollId, this.watched.get(pollId) ?? null]));
    const head = [...known.values()].includes(null) ? await this.projectedHead() : null;
    const [rows, counts] = await Promise.all([this.reads.polls(pollIds), this.reads.currentCounts(pollIds)]);
    for (const row of rows) {
      const position = known.get(row.poll_id) ?? head!;
      const results = resultsOf(row.poll_id, row.terms, row, counts.get(row.poll_id) ?? new Map<string, number>());
      for (const audience of AUDIENCES) {
        const channel = pollChannel(row.poll_id, audience);
        const message = JSON.stringify(liveViewOf(row, results, audience, position));
        // A deleted poll's new screens hear 404 rather than its last state.
        if (row.status === 'deleted') this.latest.delete(channel);
        else this.latest.set(channel, message);
        this.channels.publish(channel, message);
      }
    }
  }
}
