import { Validator } from '@seriousme/openapi-schema-validator';
import { API_PATHS } from '../app.module';
import { buildOpenApiDocument } from './openapi';

const document = buildOpenApiDocument({ version: '0.0.0-test', serverUrl: 'http://localhost:3000' }, API_PATHS);
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const json = JSON.parse(JSON.stringify(document)) as { [key: string]: Json };

describe('the OpenAPI document', () => {
  it('is valid against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

});
