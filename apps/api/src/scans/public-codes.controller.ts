import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CodePath, DomainError, type PublicCodeView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { CodeDirectory, type DirectoryEntry } from './code-directory';
import { vcardFile } from './vcard-file';

const codePath = new ZodValidationPipe(CodePath, 'path');

/** What the web app's visitor pages (`/card/{id}`, `/code/{id}`, `/code/note/{id}`) show: no sign-in, rate-limited. */
@Controller('api/v1/public/codes/:code_id')
export class PublicCodesController {
  constructor(private readonly directory: CodeDirectory) {}

  @Get()
  async get(@Param(codePath) { code_id }: CodePath): Promise<PublicCodeView> {
    const entry = await this.live(code_id);
    const { type, ...content } = entry.content;
    const name = entry.name;
    const shown = { code_id, name, type };
    return entry.status === 'paused' ? { ...shown, status: 'paused' } : { ...shown, status: 'active', ...content };
  }

  /** "Add to contacts" on the card page. */
  @Get('vcard')
  async vcard(@Param(codePath) { code_id }: CodePath, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const entry = await this.live(code_id);
    const name = entry.name;
    if (entry.content.type !== 'vcard' || entry.status !== 'active') throw new DomainError('code_not_found', 'No business card here.');
    const file = name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'contact';
    void reply.header('content-type', 'text/vcard; charset=utf-8').header('content-disposition', `attachment; filename="${file}.vcf"`);
    return vcardFile(entry.content);
  }

  private async live(codeId: string): Promise<DirectoryEntry> {
    const entry = await this.directory.find(codeId);
    if (!entry || entry.status === 'deleted') throw new DomainError('code_not_found', 'No such code.');
    return entry;
  }
}
