import type { FieldError } from '@qr/contracts';

/** A failed call, carrying the problem+json title/detail when the API sent one. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    readonly code: string | undefined,
    readonly errors: FieldError[] = [],
  ) {
    super(detail ?? title);
    this.name = 'ApiProblem';
  }
}

/**
 * An answer that does not fit its contract: the server and this app disagree about what the
 * operation answers, so nothing of it is shown as if it were right. Its status is the answer's own
 * (a 2xx), so `retryUnlessRefused` does not ask again for what would come back the same.
 */
export class ContractMismatch extends ApiProblem {
  constructor(
    readonly operation: string,
    /** Where in the answer the first mismatch is, such as `items.0.name`; empty for the answer as a whole. */
    readonly path: string,
    status: number,
    reason: string,
  ) {
    super(
      status,
      'Unexpected answer',
      `The server’s answer to ${operation} does not fit its contract at ${path === '' ? 'the top' : path}: ${reason}`,
      undefined,
    );
    this.name = 'ContractMismatch';
  }
}

/** A query's retry rule: as the query client's (3 times), but never a refusal (4xx), which asking again only repeats. */
export const retryUnlessRefused = (failures: number, error: unknown): boolean => !(error instanceof ApiProblem && error.status < 500) && failures < 3;

/** The problem+json a failed response carries, as an error to throw. */
export async function problem(response: Response): Promise<ApiProblem> {
  try {
    const body = (await response.json()) as Partial<{ title: string; detail: string; code: string; errors: FieldError[] }>;
    return new ApiProblem(response.status, body.title ?? response.statusText, body.detail, body.code, body.errors ?? []);
  } catch {
    return new ApiProblem(response.status, response.statusText || `Request failed (${response.status})`, undefined, undefined);
  }
}

/** A message for the user out of whatever a call threw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiProblem) {
    const fields = error.errors.map((e) => e.message).join(' ');
    return [error.detail ?? error.title, fields].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
