import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document holds it (the keywords the contracts produce). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
}

/** Values some requests should carry instead of generated ones, by property or parameter name: ids that exist. */
export type KnownValues = Record<string, readonly unknown[]>;

const MAX_STRING = 40;
const MAX_ITEMS = 3;
const MAX_DEPTH = 6;

/**
 * fast-check arbitraries for the values an OpenAPI document's schemas describe: mostly values that
 * fit (so requests reach the handlers), with known ids mixed in by name, and `invalid` for values
 * that do not (wrong types, missing or unknown fields, out-of-range strings and numbers).
 */
export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly known: KnownValues,
  ) {}

  /** Values the schema takes (as far as generation can tell: formats such as email are approximate). */
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    return this.named(schema, name, 0, false);
  }

  /** Values that fit the schema but for a slip somewhere inside, or are near misses of it, or anything at all. */
  any(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 4, arbitrary: this.named(schema, name, 0, true) },
      { weight: 2, arbitrary: this.nearMiss(schema) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
  }

  /** A known value for this name, or a generated one; with `slips`, a field or item deep inside may be a near miss. */
  private named(schema: JsonSchema, name: string | undefined, depth: number, slips: boolean): fc.Arbitrary<unknown> {
    const generated = this.generated(schema, depth, slips);
    const known = name ? this.known[name] : undefined;
    const value = known?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated }) : generated;
    return slips && depth > 0 ? fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: this.nearMiss(schema) }) : value;
  }

  private resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = this.components[name];
    if (!target) throw new Error(`no schema ${schema.$ref}`);
    return this.resolve(target);
  }

  private generated(given: JsonSchema, depth: number, slips: boolean): fc.Arbitrary<unknown> {
    const schema = this.resolve(given);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => this.generated(choice, depth + 1, slips)));
    if (schema.allOf) return this.generated(schema.allOf[0]!, depth + 1, slips);
    const types = [schema.type ?? 'string'].flat();
    if (types.length > 1) return fc.oneof(...types.map((type) => this.generated({ ...schema, type }, depth, slips)));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const [min, max] = [lowerBound(schema, 1) ?? -1_000, upperBound(schema, 1) ?? 1_000_000];
        // Mostly small counts (a batch of 10,000 one-time codes is valid, and slow to make), now and then any.
        return fc.oneof({ weight: 9, arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
      }
      case 'number':
        return fc.double({ min: lowerBound(schema, 1e-9) ?? -1e6, max: upperBound(schema, 1e-9) ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'array':
        return depth > MAX_DEPTH
          ? fc.constant([])
          : fc.array(this.named(schema.items ?? {}, undefined, depth + 1, slips), {
              // A slip needs an item to slip in.
              minLength: Math.max(schema.minItems ?? 0, slips ? 1 : 0),
              maxLength: Math.max(schema.minItems ?? 0, 1, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
            });
      case 'object':
        return this.object(schema, depth, slips);
      default:
        return stringOf(schema);
    }
  }

  private object(schema: JsonSchema, depth: number, slips: boolean): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const required = schema.required ?? [];
    // An optional field is there three times in four (a left-out field is undefined, which JSON leaves out).
    const field = (key: string, property: JsonSchema) => {
      const value = depth > MAX_DEPTH ? fc.constant(undefined) : this.named(property, key, depth + 1, slips);
      return required.includes(key) ? value : fc.option(value, { freq: 4, nil: undefined });
    };
    return fc.record(Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, field(key, property)])));
  }

  /** A value that fits the schema but for one thing. */
  private nearMiss(given: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(given);
    const types = [schema.type ?? (schema.properties ? 'object' : 'string')].flat();
    if (types.includes('object') && schema.properties) {
      const required = schema.required ?? [];
      const fits = this.object(schema, 0, false);
      return fc.oneof(
        // A required field left out.
        required.length ? fc.tuple(fits, fc.constantFrom(...required)).map(([value, key]) => ({ ...value, [key]: undefined })) : fits,
        // A field of the wrong type.
        fc
          .tuple(
            fits,
            fc.constantFrom(...Object.keys(schema.properties)),
            fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null), fc.constant([]), fc.constant({})),
          )
          .map(([value, key, wrong]) => ({ ...value, [key]: wrong })),
        // A field the contract does not know.
        fits.map((value) => ({ ...value, unexpected_field: 'x' })),
      );
    }
    if (types.includes('string')) {
      const beyond = (schema.maxLength ?? 1_000) + 1;
      return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('x'.repeat(Math.min(beyond, 5_000))), fc.constant(''), fc.integer());
    }
    if (types.includes('integer') || types.includes('number'))
      return fc.oneof(fc.double({ noNaN: true }), fc.constant(-1), fc.constant(2 ** 53), fc.string({ maxLength: 4 }));
    return fc.jsonValue({ maxDepth: 1 });
  }
}

function lowerBound(schema: JsonSchema, step: number): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + step;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + step : schema.minimum;
}

function upperBound(schema: JsonSchema, step: number): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - step;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - step : schema.maximum;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  const fitsLength = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress().filter(fitsLength);
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] }).filter(fitsLength);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    // fast-check builds strings for most patterns; the few it cannot read (Unicode property classes) get plain strings that fit.
    try {
      return fc.stringMatching(pattern).filter(fitsLength);
    } catch {
      return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((value) => pattern.test(value));
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}
