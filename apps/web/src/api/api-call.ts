import { z } from 'zod';
import { apiFetch } from './api-fetch';
import { ContractMismatch, problem } from './api-problem';

/** The answer of an operation that answers 204 with no body. */
export const NoContent = z.undefined();

/** How an operation is named in a mismatch: its method and path, without the query. */
export const operationOf = (path: string, method = 'GET') => `${method.toUpperCase()} ${path.split('?')[0]}`;

/**
 * A response's body, parsed with the contract of what the operation answers: the typed value, or a
 * ContractMismatch naming the operation and the first path that does not fit. A 204 has no body,
 * which only a contract that takes `undefined` accepts.
 */
export async function readAnswer<Schema extends z.ZodType>(answer: Schema, response: Response, operation: string): Promise<z.output<Schema>> {
  let body: unknown;
  if (response.status !== 204) {
    try {
      body = await response.json();
    } catch {
      throw new ContractMismatch(operation, '', response.status, 'the body is not JSON');
    }
  }
  const parsed = answer.safeParse(body);
  if (parsed.success) return parsed.data;
  const [first] = parsed.error.issues;
  throw new ContractMismatch(operation, first?.path.map(String).join('.') ?? '', response.status, first?.message ?? 'it does not fit');
}

/** One call to the API, signed in: a refusal is the problem+json it carries, an answer is what `answer` parses. */
export async function call<Schema extends z.ZodType>(answer: Schema, path: string, init: RequestInit = {}): Promise<z.output<Schema>> {
  const response = await apiFetch(path, init);
  if (!response.ok) throw await problem(response);
  return readAnswer(answer, response, operationOf(path, init.method));
}
