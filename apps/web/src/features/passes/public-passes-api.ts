import { PassOfferView, PassView, WalletUrlView, type CreatePassBody, type PassKind } from '@qr/contracts';
import type { z } from 'zod';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';

/** A visitor's side of passes, without sign-in: whether a wallet pass is offered, making one, and Google's save link. */
async function ask<Schema extends z.ZodType>(answer: Schema, path: string, init: RequestInit = {}): Promise<z.output<Schema>> {
  const response = await publicFetch(path, init);
  if (!response.ok) throw await problem(response);
  return readAnswer(answer, response, operationOf(path, init.method));
}

/** The pass service's own base (spec §7 "second base"): the API process serves it on the app's origin. */
export const PASS_SERVICE = '/pass-service';

export const publicPassKeys = {
  offer: (kind: PassKind, sourceId: string) => ['public-passes', 'offer', kind, sourceId] as const,
};

export const publicPassesApi = {
  offer: (kind: PassKind, sourceId: string) => ask(PassOfferView, `/api/v1/public/passes/offer?${new URLSearchParams({ kind, source_id: sourceId })}`),
  /** The same design and holder always name the same pass, so a second press makes no second pass. */
  create: (body: CreatePassBody) => ask(PassView, `${PASS_SERVICE}/passes`, { method: 'POST', body: JSON.stringify(body) }),
  walletUrl: (passId: string) => ask(WalletUrlView, '/api/v1/integrations/wallet-url', { method: 'POST', body: JSON.stringify({ pass_id: passId }) }),
};
