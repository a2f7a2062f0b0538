import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { CodePath, DomainError, type PublicCodeView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { GetPublicOrganization } from '../identity';
import { UploadedImages } from '../uploads';
import { CodeDirectory, type DirectoryEntry } from './code-directory';
import { vcardFile } from './vcard-file';
import { attachmentNamed } from '../http/attachment';
import { ReadModels } from '../http/read-models.decorator';

const codePath = new ZodValidationPipe(CodePath, 'path');
/** Long enough to read the page; the page asks again when it is opened again. */
const PHOTO_LINK_SECONDS = 3600;
/** Address books show contact photos small; a full upload would make the .vcf megabytes. */
const CONTACT_PHOTO_SIDE = 256;

/** What the web app's visitor pages (`/card/{id}`, `/code/{id}`, `/code/note/{id}`) show: no sign-in, rate-limited. */
@Controller('api/v1/public/codes/:code_id')
@ReadModels('codes', 'organizations')
export class PublicCodesController {
  constructor(
    private readonly directory: CodeDirectory,
    private readonly uploads: UploadedImages,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async get(@Param(codePath) { code_id }: CodePath): Promise<PublicCodeView> {
    const entry = await this.live(code_id);
    const shown = { code_id, type: entry.content.type, owner: await this.queries.execute(new GetPublicOrganization(entry.orgId)) };
    if (entry.status === 'paused') return { ...shown, status: 'paused' };
    return { ...shown, status: 'active', ...(await this.publicContent(entry)) };
  }

  /** "Add to contacts" on the card page. */
  @Get('vcard')
  async vcard(@Param(codePath) { code_id }: CodePath, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const entry = await this.live(code_id);
    const card = entry.content;
    if (card.type !== 'vcard' || entry.status !== 'active') throw new DomainError('code_not_found', 'No business card here.');
    const photo = card.photo_blob_id
      ? await sharp((await this.uploads.read(entry.orgId, card.photo_blob_id)).bytes)
          .resize(CONTACT_PHOTO_SIDE, CONTACT_PHOTO_SIDE, { fit: 'cover' })
          .jpeg()
          .toBuffer()
      : undefined;
    const name = [card.first_name, card.last_name].filter(Boolean).join(' ');
    void reply.header('content-type', 'text/vcard; charset=utf-8').header('content-disposition', attachmentNamed(name, 'vcf', 'contact'));
    return vcardFile(card, photo);
  }

  /** The content fields; a card's photo as a link that expires, never by its file id. */
  private async publicContent({ orgId, content }: DirectoryEntry): Promise<Record<string, unknown>> {
    const { type: _type, ...fields } = content;
    if (content.type !== 'vcard' || !content.photo_blob_id) return fields;
    const { photo_blob_id: _photo, ...card } = fields as Omit<typeof content, 'type'>;
    const photo = await this.uploads.link({ orgId, blobId: content.photo_blob_id }, PHOTO_LINK_SECONDS);
    return { ...card, photo_url: photo.url };
  }

  private async live(codeId: string): Promise<DirectoryEntry> {
    const entry = await this.directory.find(codeId);
    if (!entry || entry.status === 'deleted') throw new DomainError('code_not_found', 'No such code.');
    return entry;
  }
}
