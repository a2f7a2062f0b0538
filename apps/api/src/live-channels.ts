import type { ServerResponse } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Config, Logger } from '@qr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { CONFIG, LOGGER } from './infrastructure';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** What a browser's EventSource waits before reconnecting after the stream drops. */
const RETRY_MS = 2_000;

/**
 * Live screens' server-sent event streams, by channel (`poll:<id>`, `wall:<id>`; DESIGN.md §12).
 * A feed publishes a channel's whole state a few times a second at most, as one string written to
 * every screen on the channel: the cost of a message is one serialisation, however many listen.
 * With REDIS_URL, publishing goes through Redis pub/sub and every API process delivers what it
 * hears to its own screens, so a screen on one process sees what was decided on another.
 */
@Injectable()
export class LiveChannels implements OnModuleDestroy {
  private readonly screens = new Map<string, Set<ServerResponse>>();
  private readonly redis: { publisher: Redis; subscriber: Redis } | null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.redis = config.REDIS_URL ? this.connect(config.REDIS_URL) : null;
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  /**
   * Answers the request with an event stream on `channel`, starting with `first` (the channel's
   * state now). The stream stays open until the screen goes; the reply is taken from Fastify.
   */
  open(channel: string, request: FastifyRequest, reply: FastifyReply, first: string): void {
    reply.hijack();
    const screen = reply.raw;
    screen.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies that buffer (nginx) would hold the updates back.
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    screen.write(`retry: ${RETRY_MS}\n${frame(first)}`);
    let listening = this.screens.get(channel);
    if (!listening) {
      listening = new Set();
      this.screens.set(channel, listening);
      void this.redis?.subscriber.subscribe(channel).catch((error: unknown) => this.log.warn({ err: error, channel }, 'live channel: could not subscribe'));
    }
    listening.add(screen);
    request.raw.once('close', () => this.leave(channel, screen));
  }

  /** Sends `data` (a JSON text) to every screen on the channel, on every process. */
  publish(channel: string, data: string): void {
    if (!this.redis) return this.deliver(channel, data);
    this.redis.publisher.publish(channel, data).catch((error: unknown) => this.log.warn({ err: error, channel }, 'live channel: could not publish'));
  }

  /**
   * Whether a screen on this process listens: each process's feeds follow the read model themselves
   * and publish what their own screens watch, so a channel nobody here watches costs this process nothing.
   */
  isWatched(channel: string): boolean {
    return this.screens.has(channel);
  }

  /** Screens open on this process. */
  get connections(): number {
    let count = 0;
    for (const listening of this.screens.values()) count += listening.size;
    return count;
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const listening of this.screens.values()) for (const screen of listening) screen.end();
    this.screens.clear();
    if (this.redis) await Promise.all([this.redis.publisher.quit(), this.redis.subscriber.quit()]).catch(() => undefined);
  }

  private connect(url: string): { publisher: Redis; subscriber: Redis } {
    // A subscribed connection may only subscribe: publishing takes a second one.
    const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const subscriber = new Redis(url, { lazyConnect: false });
    for (const connection of [publisher, subscriber]) connection.on('error', (error) => this.log.warn({ err: error }, 'live channels: Redis error'));
    subscriber.on('message', (channel: string, data: string) => this.deliver(channel, data));
    return { publisher, subscriber };
  }

  private deliver(channel: string, data: string): void {
    const listening = this.screens.get(channel);
    if (!listening) return;
    const message = frame(data);
    for (const screen of listening) screen.write(message);
  }

  private leave(channel: string, screen: ServerResponse): void {
    const listening = this.screens.get(channel);
    if (!listening?.delete(screen) || listening.size > 0) return;
    this.screens.delete(channel);
    void this.redis?.subscriber.unsubscribe(channel).catch(() => undefined);
  }

  private beat(): void {
    for (const listening of this.screens.values()) for (const screen of listening) screen.write(': \n\n');
  }
}

/** One SSE message; JSON.stringify never leaves a newline in its output, so one `data:` line holds it. */
const frame = (data: string): string => `data: ${data}\n\n`;
