import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Validates values against the schemas of an OpenAPI 3.1 document, as a client that trusts the
 * document would: JSON Schema 2020-12, formats checked, `$ref`s resolved within the document.
 */
export class OpenApiSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: object) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...document, $id: DOCUMENT });
  }

  /** The validation errors of `value` against the schema at this JSON pointer of the document (`/components/schemas/Code`), none when it fits. */
  errors(pointer: string, value: unknown): string[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  }
}

const DOCUMENT = 'https://qr-platform.dev/openapi.json';

/** A JSON pointer to a key under `parent` (RFC 6901: `~` and `/` escaped). */
export const pointerTo = (parent: string, ...keys: string[]) => [parent, ...keys.map((key) => key.replaceAll('~', '~0').replaceAll('/', '~1'))].join('/');
