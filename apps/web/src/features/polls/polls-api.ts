import {
  PollListView,
  PollResultsView,
  PollView,
  type CreatePollBody,
  type PollExportQuery,
  type PollLiveView,
  type PollAction,
  type UpdatePollBody,
} from '@qr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect } from 'react';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';
import { liveMessageOf } from './public-polls-api';

export const pollKeys = {
  all: ['polls'] as const,
  list: (orgId: string, page: number) => [...pollKeys.all, 'list', orgId, page] as const,
  poll: (pollId: string) => [...pollKeys.all, 'poll', pollId] as const,
  results: (pollId: string) => [...pollKeys.poll(pollId), 'results'] as const,
};

export const POLLS_PAGE_SIZE = 20;
export type PollExportFormat = PollExportQuery['format'];

const polls = '/api/v1/polls';
const pollPath = (pollId: string) => `${polls}/${encodeURIComponent(pollId)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const pollsApi = {
  list: (orgId: string, page: number) =>
    call(PollListView, `${polls}?${new URLSearchParams({ org_id: orgId, page: String(page), pageSize: String(POLLS_PAGE_SIZE) })}`),
  get: (pollId: string) => call(PollView, pollPath(pollId)),
  create: (body: CreatePollBody) => call(PollView, polls, json('POST', body)),
  update: (pollId: string, body: UpdatePollBody) => call(PollView, pollPath(pollId), json('PUT', body)),
  remove: (pollId: string) => call(NoContent, pollPath(pollId), { method: 'DELETE' }),
  /** Open, close, reveal, hide or reset: each answers the poll after it. */
  act: (pollId: string, action: PollAction) => call(PollView, `${pollPath(pollId)}/${action}`, { method: 'POST' }),
  results: (pollId: string) => call(PollResultsView, `${pollPath(pollId)}/results`),
  /** The export needs the bearer token, so it is fetched as a blob rather than linked. */
  exportFile: async (pollId: string, format: PollExportFormat): Promise<Blob> => {
    const response = await apiFetch(`${pollPath(pollId)}/export?${new URLSearchParams({ format })}`);
    if (!response.ok) throw await problem(response);
    return response.blob();
  },
};

/** How long a dropped live stream waits before it connects again: the poll may be running for an hour. */
const RECONNECT_MS = 2000;

/**
 * Reads the staff's live stream of a poll. EventSource cannot send the bearer token, so the stream is
 * read with fetch and parsed with eventsource-parser; each message is checked with the contract and
 * a message that does not fit is skipped rather than drawn.
 */
async function readLive(pollId: string, signal: AbortSignal, onMessage: (live: PollLiveView) => void): Promise<void> {
  const response = await apiFetch(`${pollPath(pollId)}/live`, { headers: { Accept: 'text/event-stream' }, signal });
  if (!response.ok || !response.body) throw await problem(response);
  const parser = createParser({
    onEvent: (event) => {
      const live = liveMessageOf(event.data);
      if (live) onMessage(live);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

/**
 * Keeps a staff screen live: each message goes into the poll's and the results' queries, so the
 * controls show the status the room sees and the bars move. It reconnects after a dropped stream until the screen closes.
 */
export function useStaffPollLive(pollId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const onMessage = (message: PollLiveView) => {
      queryClient.setQueryData(
        pollKeys.poll(pollId),
        (poll: PollView | undefined) =>
          poll && {
            ...poll,
            status: message.status,
            results_hidden: message.results_hidden,
            round: message.round,
            voters: message.results?.voters ?? poll.voters,
          },
      );
      if (message.results) queryClient.setQueryData(pollKeys.results(pollId), message.results);
    };
    const connect = (): void => {
      if (controller.signal.aborted) return;
      void readLive(pollId, controller.signal, onMessage)
        .catch(() => undefined)
        .then(() => setTimeout(connect, RECONNECT_MS));
    };
    connect();
    return () => controller.abort();
  }, [pollId, queryClient]);
}
