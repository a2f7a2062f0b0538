import {
  CardMovement,
  LoyaltyMembersPage,
  LoyaltyMemberView,
  ProgrammeView,
  ReferralAnalysisView,
  VenueCodeView,
  type CreateProgrammeBody,
  type FieldError,
  type PostCardBody,
  type StaffRedeemBody,
  type UpdateProgrammeBody,
} from '@qr/contracts';
import { z } from 'zod';
import { apiFetch } from '../../api/api-fetch';
import { call, NoContent, operationOf, readAnswer } from '../../api/api-call';
import { ApiProblem } from '../../api/api-problem';
import { streamCsvExport } from '../customers';

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  programmesOf: (codeId: string) => [...loyaltyKeys.all, 'code', codeId] as const,
  programme: (programmeId: string) => [...loyaltyKeys.all, 'programme', programmeId] as const,
  venueCode: (programmeId: string) => [...loyaltyKeys.programme(programmeId), 'venue-code'] as const,
  members: (programmeId: string, search: string, page: number) => [...loyaltyKeys.programme(programmeId), 'members', search, page] as const,
  member: (programmeId: string, cardId: string) => [...loyaltyKeys.programme(programmeId), 'member', cardId] as const,
  referrals: (programmeId: string) => [...loyaltyKeys.programme(programmeId), 'referrals'] as const,
};

export const LOYALTY_MEMBERS_PAGE_SIZE = 25;

const programmes = '/api/v1/loyalty/programmes';
const programmePath = (programmeId: string) => `${programmes}/${encodeURIComponent(programmeId)}`;
const memberPath = (programmeId: string, cardId: string) => `${programmePath(programmeId)}/members/${encodeURIComponent(cardId)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/**
 * A refusal of a movement on a card. `nextAt` is when a stamp is possible again, from a
 * `loyalty_too_soon` problem: the API sends it beside the detail (an RFC 9457 extension member),
 * which the shared `problem()` does not keep.
 */
export class CardRefusal extends ApiProblem {
  constructor(
    status: number,
    title: string,
    detail: string | undefined,
    code: string | undefined,
    errors: FieldError[],
    readonly nextAt: string | null,
  ) {
    super(status, title, detail, code, errors);
    this.name = 'CardRefusal';
  }
}

const RefusalBody = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    code: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    next_at: z.iso.datetime({ offset: true }).optional(),
    details: z.object({ next_at: z.iso.datetime({ offset: true }).optional() }).optional(),
  })
  .catch({});

async function refusalOf(response: Response): Promise<CardRefusal> {
  const body = RefusalBody.parse(await response.json().catch(() => ({})));
  const nextAt = body.next_at ?? body.details?.next_at ?? null;
  return new CardRefusal(response.status, body.title ?? response.statusText, body.detail, body.code, body.errors ?? [], nextAt);
}

/** A stamp, a purchase, a correction or a redemption at the counter: the card afterwards, or why not. */
async function move(path: string, body: PostCardBody | StaffRedeemBody): Promise<CardMovement> {
  const init = json('POST', body);
  const response = await apiFetch(path, init);
  if (!response.ok) throw await refusalOf(response);
  return readAnswer(CardMovement, response, operationOf(path, init.method));
}

export const loyaltyApi = {
  list: (orgId: string, codeId: string) => call(z.array(ProgrammeView), `${programmes}?${new URLSearchParams({ org_id: orgId, code_id: codeId })}`),
  get: (programmeId: string) => call(ProgrammeView, programmePath(programmeId)),
  create: (body: CreateProgrammeBody) => call(ProgrammeView, programmes, json('POST', body)),
  update: (programmeId: string, body: UpdateProgrammeBody) => call(ProgrammeView, programmePath(programmeId), json('PUT', body)),
  remove: (programmeId: string) => call(NoContent, programmePath(programmeId), { method: 'DELETE' }),
  venueCode: (programmeId: string) => call(VenueCodeView, `${programmePath(programmeId)}/venue-code`),
  members: (programmeId: string, search: string, page: number) => {
    const query = new URLSearchParams({ page: String(page), per_page: String(LOYALTY_MEMBERS_PAGE_SIZE) });
    if (search !== '') query.set('search', search);
    return call(LoyaltyMembersPage, `${programmePath(programmeId)}/members?${query}`);
  },
  member: (programmeId: string, cardId: string) => call(LoyaltyMemberView, memberPath(programmeId, cardId)),
  /** Spec §7 "post card": a stamp given, a purchase recorded or a balance corrected by staff. */
  post: (programmeId: string, cardId: string, body: PostCardBody) => move(`${memberPath(programmeId, cardId)}/post`, body),
  redeem: (programmeId: string, cardId: string, body: StaffRedeemBody) => move(`${memberPath(programmeId, cardId)}/redeem`, body),
  /** Spec §7 "refer analysis". */
  referrals: (programmeId: string) => call(ReferralAnalysisView, `${programmePath(programmeId)}/referrals`),
  /** The members as a CSV, streamed in base64 with its row count first, as the customers export. */
  exportCsv: (programmeId: string, onProgress: (done: number) => void) => streamCsvExport(`${programmePath(programmeId)}/export`, {}, onProgress),
};
