import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CloneCodeBody, CloneMultipleBody, CodePath, DuplicateCodeBody, type ClonesCreatedView, type CodeCreatedView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { CloneCodeCommand } from './clones.handlers';

const codePath = new ZodValidationPipe(CodePath, 'path');

/**
 * Spec §7 "Clone QR, create duplicate code, clone code, and clone multiple (code_id, data)". "Clone
 * QR" and "clone code" are one route: the QR image is the code's. The clones of a code are listed by
 * get-child, `GET /api/v1/codes/{code_id}/children`.
 */
@Controller('api/v1/codes')
@UseGuards(AuthenticationGuard)
export class ClonesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('clone-multiple')
  async cloneMultiple(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CloneMultipleBody, 'body')) body: CloneMultipleBody,
  ): Promise<ClonesCreatedView> {
    const items = await this.commands.execute(
      new CloneCodeCommand(caller, body.code_id, { overrides: body.data, linked: true, withPage: body.with_page, single: false }),
    );
    return { items };
  }

  @Post(':code_id/clone')
  async clone(
    @CurrentCaller() caller: Caller,
    @Param(codePath) { code_id }: CodePath,
    @Body(new ZodValidationPipe(CloneCodeBody, 'body')) body: CloneCodeBody,
  ): Promise<CodeCreatedView> {
    return this.one(caller, code_id, body.name, { linked: true, withPage: body.with_page });
  }

  /** A copy that stands alone: no base link, and its landing pages come along, as "the same code again". */
  @Post(':code_id/duplicate')
  async duplicate(
    @CurrentCaller() caller: Caller,
    @Param(codePath) { code_id }: CodePath,
    @Body(new ZodValidationPipe(DuplicateCodeBody, 'body')) body: DuplicateCodeBody,
  ): Promise<CodeCreatedView> {
    return this.one(caller, code_id, body.name, { linked: false, withPage: true });
  }

  private async one(caller: Caller, codeId: string, name: string | undefined, options: { linked: boolean; withPage: boolean }): Promise<CodeCreatedView> {
    const [created] = await this.commands.execute(
      new CloneCodeCommand(caller, codeId, { overrides: [name === undefined ? {} : { name }], single: true, ...options }),
    );
    return created!;
  }
}
