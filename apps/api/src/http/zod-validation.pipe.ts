import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { fieldErrorsOf, RequestValidationError } from './problem-details';

/**
 * Parses a body, query or path with its contract schema (strict objects refuse unknown fields),
 * so nothing unchecked reaches a command handler. Usage: `@Body(new ZodValidationPipe(Schema, 'body'))`.
 */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(
    private readonly schema: Schema,
    private readonly location: 'body' | 'query' | 'path',
  ) {}

  transform(value: unknown): z.infer<Schema> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw new RequestValidationError(fieldErrorsOf(parsed.error, this.location));
    return parsed.data;
  }
}
