import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LIVE_PUSH_INTERVAL_MS, WALL_SCREEN_PHOTOS, type WallLiveView } from '@qr/contracts';
import { wallNotFound, wallPhotoStreamId, type WallPhotoSubmitted } from '@qr/domain';
import { checkpointOf, compareCheckpoints, START, type Checkpoint, type RecordedEvent } from '@qr/eventstore';
import type { Logger } from '@qr/platform';
import type { ProjectionRunner } from '@qr/projections-runner';
import { formatPosition } from '../http/request-writes';
import { LOGGER, PROJECTION_RUNNER } from '../infrastructure';
import { LiveChannels } from '../live-channels';
import { toPublicWallPhoto, WallReads, type WallPhotoRow } from './wall-reads';

const PHOTO_PREFIX = wallPhotoStreamId('');

/** A photo posted for review changes no screen: only its approval will. */
const isHeldForReview = (event: RecordedEvent): boolean =>
  event.type === 'WallPhotoSubmitted' && (event.data as WallPhotoSubmitted['data']).status === 'pending';

export const wallChannel = (wallId: string): string => `wall:${wallId}`;

/**
 * Wall screens' live photos (DESIGN.md §12): the `walls` projection says which photos changed, and a
 * few times a second the walls they are on that someone watches are read once each and published
 * whole to their channel. A room posting at once costs a message per push, never one per photo.
 */
@Injectable()
export class WallLiveFeed implements OnModuleDestroy {
  /** Photos changed since the last push, with the position of each one's last change. */
  private readonly changed = new Map<string, Checkpoint>();
  private allChanged = false;
  /** The position of the last change seen to each wall's photos: what its messages carry. */
  private readonly positions = new Map<string, Checkpoint>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  private pushing = false;

  constructor(
    private readonly walls: WallReads,
    private readonly channels: LiveChannels,
    @Inject(PROJECTION_RUNNER) projections: ProjectionRunner,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.unsubscribe = projections.onApplied('walls', (events) => {
      // After a rebuild anything may have changed.
      if (!events) return void (this.allChanged = true);
      for (const event of events) {
        if (!event.streamId.startsWith(PHOTO_PREFIX) || isHeldForReview(event)) continue;
        this.changed.set(event.streamId.slice(PHOTO_PREFIX.length), checkpointOf(event));
      }
    });
    this.timer = setInterval(() => void this.push(), LIVE_PUSH_INTERVAL_MS).unref();
  }

  /** What a screen opening now is sent first; an unknown or deleted wall has no screen. */
  async now(wallId: string): Promise<WallLiveView> {
    if (!(await this.walls.live(wallId))) throw wallNotFound();
    const photos = (await this.walls.screens([wallId], WALL_SCREEN_PHOTOS)).get(wallId) ?? [];
    return this.messageOf(wallId, photos);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  private async push(): Promise<void> {
    if (this.pushing || (this.changed.size === 0 && !this.allChanged)) return;
    this.pushing = true;
    const changed = new Map(this.changed);
    this.changed.clear();
    const all = this.allChanged;
    this.allChanged = false;
    try {
      const wallIds = all ? [...this.positions.keys()] : await this.wallsWith(changed);
      const watched = wallIds.filter((wallId) => this.channels.isWatched(wallChannel(wallId)));
      if (watched.length === 0) return;
      const screens = await this.walls.screens(watched, WALL_SCREEN_PHOTOS);
      for (const [wallId, photos] of screens) {
        this.channels.publish(wallChannel(wallId), JSON.stringify(this.messageOf(wallId, photos)));
      }
    } catch (error) {
      this.log.warn({ err: error }, 'wall live feed: could not push; the next change pushes again');
    } finally {
      this.pushing = false;
    }
  }

  private messageOf(wallId: string, photos: readonly WallPhotoRow[]): WallLiveView {
    return { wall_id: wallId, photos: photos.map(toPublicWallPhoto), position: formatPosition(this.positions.get(wallId) ?? START) };
  }

  /** The walls of the changed photos, each remembering the latest position among its own. */
  private async wallsWith(changed: Map<string, Checkpoint>): Promise<string[]> {
    const rows = await this.walls.wallsOfPhotos([...changed.keys()]);
    for (const { wall_id, photo_id } of rows) {
      const position = changed.get(photo_id)!;
      const known = this.positions.get(wall_id);
      if (!known || compareCheckpoints(position, known) > 0) this.positions.set(wall_id, position);
    }
    return [...new Set(rows.map((row) => row.wall_id))];
  }
}
