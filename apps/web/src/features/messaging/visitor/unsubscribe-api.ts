import { UnsubscribeView } from '@qr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operationOf, readAnswer } from '../../../api/api-call';
import { publicFetch } from '../../../api/api-fetch';
import { problem } from '../../../api/api-problem';

const BASE = '/api/v1/public/messaging/unsubscribe';

async function ask(token: string, method: 'GET' | 'POST'): Promise<UnsubscribeView> {
  const path = `${BASE}?token=${encodeURIComponent(token)}`;
  const response = await publicFetch(path, { method });
  if (!response.ok) throw await problem(response);
  return readAnswer(UnsubscribeView, response, operationOf(path, method));
}

/** Whom the link is for; no sign-in: the token is the credential. */
export const useUnsubscribeLink = (token: string) =>
  useQuery({ queryKey: ['unsubscribe', token], queryFn: () => ask(token, 'GET'), enabled: token !== '', retry: false });

/** Withdraws the address's consent; the page shows the answer. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => ask(token, 'POST'), onSuccess: (answer) => client.setQueryData(['unsubscribe', token], answer) });
}
