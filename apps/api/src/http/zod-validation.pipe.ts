import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { fieldErrorsOf, RequestValidationError } from './problem-details';
import { unstorableTextIn } from './unstorable-text';

/**
 * Parses a body, query or path with its contract schema (strict objects refuse unknown fields),
 * so nothing unchecked reaches a command handler, nor any text the database cannot store.
 * Usage: `@Body(new ZodValidationPipe(Schema, 'body'))`.
 */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(
    private readonly schema: Schema,
    private readonly location: 'body' | 'query' | 'path',
  ) {}

  transform(value: unknown): z.infer<Schema> {
    const parsed = this.schema.safeParse(value ?? {});
    const errors = [...(parsed.success ? [] : fieldErrorsOf(parsed.error, this.location)), ...unstorableTextIn(value, this.location)];
    if (!parsed.success || errors.length > 0) throw new RequestValidationError(errors);
    return parsed.data;
  }
}
