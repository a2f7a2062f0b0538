import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubmittedWallPhotoView } from '@qr/contracts';
import { wallNotFound, wallPhotoDecider, wallPhotoStreamId, type SubmitWallPhoto } from '@qr/domain';
import type { Logger } from '@qr/platform';
import { decidedEvent, StreamWriter } from '../decide-on-stream';
import { LOGGER } from '../infrastructure';
import type { Visit } from '../http/client-address';
import { VisitorFactsReader } from '../scans';
import { NsfwCheck, reencodeImage, UploadedImages } from '../uploads';
import { WallReads } from './wall-reads';

export class SubmitWallPhotoCommand extends Command<SubmittedWallPhotoView> {
  constructor(
    readonly wallId: string,
    readonly file: Buffer,
    readonly caption: string,
    readonly visit: Visit,
  ) {
    super();
  }
}

const HELD = 'Thanks! Your photo will appear once the organiser has approved it.';
const SHOWN = 'Thanks! Your photo is on the wall.';

/**
 * A visitor's photo: refused or re-encoded as every upload is, stored under the wall's organisation,
 * scored by the NSFW model, then recorded on its own stream, where the wall's terms as read here
 * decide whether it goes up at once. The file is stored before the event, so a `WallPhotoSubmitted`
 * always names a file that exists; if the event cannot be written the file is removed again.
 */
@CommandHandler(SubmitWallPhotoCommand)
export class SubmitWallPhotoHandler implements ICommandHandler<SubmitWallPhotoCommand> {
  constructor(
    private readonly walls: WallReads,
    private readonly images: UploadedImages,
    private readonly nsfw: NsfwCheck,
    private readonly visitors: VisitorFactsReader,
    private readonly writer: StreamWriter,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async execute({ wallId, file, caption, visit }: SubmitWallPhotoCommand): Promise<SubmittedWallPhotoView> {
    const wall = await this.walls.live(wallId);
    if (!wall) throw wallNotFound();
    const image = await reencodeImage(file);
    const { ms: _ms, ...nsfw } = await this.nsfw.check(image.bytes);
    const now = new Date();
    // The daily-salted hash scans record: who posted what can be told apart for a day, never named.
    const { visitor } = await this.visitors.read(visit, now);
    const ref = await this.images.save(wall.org_id, image);
    const photoId = randomUUID();
    const command: SubmitWallPhoto = {
      type: 'SubmitWallPhoto',
      at: now.toISOString(),
      photo_id: photoId,
      wall_id: wallId,
      org_id: wall.org_id,
      code_id: wall.code_id,
      terms: wall.terms,
      blob_id: ref.blobId,
      width: image.width,
      height: image.height,
      caption: wall.terms.captions ? caption : '',
      nsfw,
      submitter: visitor,
    };
    try {
      const decided = await this.writer.decide(wallPhotoStreamId(photoId), wallPhotoDecider, command, { org_id: wall.org_id, actor: visitor }, now);
      const { status } = decidedEvent(decided, 'WallPhotoSubmitted').data;
      return { photo_id: photoId, status, message: status === 'approved' ? SHOWN : HELD };
    } catch (error) {
      await this.images
        .remove(ref)
        .catch((cleanup: unknown) => this.log.warn({ err: cleanup, blob_id: ref.blobId }, 'could not remove an unrecorded wall photo'));
      throw error;
    }
  }
}
