import { PUSH_FAILURE_MESSAGE, PUSH_NO_BODY_MESSAGE, PUSH_SCHEDULED_WORD, PUSH_SENT_WORD, type SendPushBody } from '@qr/contracts';
import { apiFetch } from '../../api/api-fetch';
import { problem, type ApiProblem } from '../../api/api-problem';

/**
 * What a push send came to, as spec §4 reads the answer: a body whose message contains 'sent' was
 * sent at once, 'Scheduled' was scheduled, anything else is an unexpected status; no body (§5) and a
 * failure (§8) have their own messages. `problem` carries a refusal's field errors for the form.
 */
export type PushSendResult =
  | { status: 'sent' | 'scheduled' | 'unexpected'; message: string }
  | { status: 'no_body'; message: typeof PUSH_NO_BODY_MESSAGE }
  | { status: 'failed'; message: typeof PUSH_FAILURE_MESSAGE; problem: ApiProblem | null };

/** The text the spec's words are looked for in: the answer's `message`, or the body itself when it is plain text. */
function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

/** Spec §4 "push notification result", to the letter. */
function pushResultOf(body: unknown): PushSendResult {
  if (body === undefined || body === null || body === '') return { status: 'no_body', message: PUSH_NO_BODY_MESSAGE };
  const message = messageOf(body) ?? JSON.stringify(body);
  if (message.includes(PUSH_SENT_WORD)) return { status: 'sent', message };
  if (message.includes(PUSH_SCHEDULED_WORD)) return { status: 'scheduled', message };
  return { status: 'unexpected', message: `Unexpected status: ${message}` };
}

/** Spec §7 "send push notification": POST /api/v1/messaging/push/send, now or at `send_at`. */
export async function sendPush(body: SendPushBody): Promise<PushSendResult> {
  let response: Response;
  try {
    response = await apiFetch('/api/v1/messaging/push/send', { method: 'POST', body: JSON.stringify(body) });
  } catch {
    return { status: 'failed', message: PUSH_FAILURE_MESSAGE, problem: null };
  }
  if (!response.ok) return { status: 'failed', message: PUSH_FAILURE_MESSAGE, problem: await problem(response) };
  // A body that is not JSON counts as none: nothing in it can be read as the spec's words.
  return pushResultOf(await response.json().catch(() => undefined));
}
