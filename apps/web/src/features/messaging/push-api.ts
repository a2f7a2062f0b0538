import { PUSH_FAILURE_MESSAGE, PUSH_NO_BODY_MESSAGE, PUSH_SCHEDULED_WORD, PUSH_SENT_WORD, SendPushView, type SendPushBody } from '@qr/contracts';
import { apiFetch } from '../../api/api-fetch';

// Stand-in with the push helper's signature (issue 55): the integrator keeps the push helper's own file.

export interface PushSendResult {
  kind: 'sent' | 'scheduled' | 'unexpected' | 'failed';
  message: string;
}

/** Spec §4 push result, §5 and §8: 'sent' means sent now, 'Scheduled' scheduled, anything else unexpected. */
export async function sendPushNotification(body: SendPushBody): Promise<PushSendResult> {
  let response: Response;
  try {
    response = await apiFetch('/api/v1/messaging/push/send', { method: 'POST', body: JSON.stringify(body) });
  } catch {
    return { kind: 'failed', message: PUSH_FAILURE_MESSAGE };
  }
  if (!response.ok) return { kind: 'failed', message: PUSH_FAILURE_MESSAGE };
  const answer = SendPushView.safeParse(await response.json().catch(() => undefined));
  if (!answer.success) return { kind: 'unexpected', message: PUSH_NO_BODY_MESSAGE };
  const { message } = answer.data;
  if (message.includes(PUSH_SENT_WORD)) return { kind: 'sent', message };
  if (message.includes(PUSH_SCHEDULED_WORD)) return { kind: 'scheduled', message };
  return { kind: 'unexpected', message };
}
