import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CloneOverride, CodeCreatedView } from '@qr/contracts';
import { cloneContent, cloneName } from '@qr/domain';
import { assertPhotoStored } from '../codes';
import { RequestValidationError } from '../http/problem-details';
import type { Caller } from '../identity';
import { UploadedImages } from '../uploads';
import { CodeCopies, type CodeCopy } from './code-copies';

/**
 * Copies of one code. `linked` clones record the base as `base_code_id` (listed by get-child);
 * duplicates do not. With `single`, the one clone is named "… (copy)"; several are numbered.
 */
export class CloneCodeCommand extends Command<CodeCreatedView[]> {
  constructor(
    readonly caller: Caller,
    readonly codeId: string,
    readonly options: { overrides: readonly CloneOverride[]; linked: boolean; withPage: boolean; single: boolean },
  ) {
    super();
  }
}

@CommandHandler(CloneCodeCommand)
export class CloneCodeHandler implements ICommandHandler<CloneCodeCommand> {
  constructor(
    private readonly copies: CodeCopies,
    private readonly uploads: UploadedImages,
  ) {}

  async execute({ caller, codeId, options }: CloneCodeCommand): Promise<CodeCreatedView[]> {
    const base = await this.copies.source(caller, codeId);
    const pages = options.withPage ? await this.copies.pagesOf(codeId) : [];
    const problems: { field: string; message: string }[] = [];
    const planned: CodeCopy[] = [];
    for (const [index, override] of options.overrides.entries()) {
      const merged = cloneContent(base.content, override);
      if (!merged.ok) {
        problems.push(...merged.problems.map(({ field, message }) => ({ field: options.single ? `body.${field}` : `body.data.${index}.${field}`, message })));
        continue;
      }
      const name = override.name ?? cloneName(base.name, options.single ? undefined : index + 1);
      planned.push({ name, content: merged.content, design: base.design, base_code_id: options.linked ? base.code_id : null, pages });
    }
    // Every override is checked before anything is written: one bad entry stores none of them.
    if (problems.length > 0) throw new RequestValidationError(problems);
    // The base's design was checked when saved, and a clone's URL is as long, so only a new photo needs a look.
    for (const copy of planned) await assertPhotoStored(this.uploads, base.org_id, copy.content);
    return this.copies.create(base.org_id, base.actor, planned);
  }
}
