import { CastVoteView, PollLiveView, PublicPollView, voterTokenStorageKey, type CastVoteBody } from '@qr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';
import { ApiProblem, problem } from '../../api/api-problem';

/**
 * The voter's side of live voting (`/api/v1/public/polls`), without sign-in. Answers are parsed with
 * the contracts, as the loyalty card page does: the app's entry holds them already.
 */
const pollPath = (pollId: string) => `/api/v1/public/polls/${encodeURIComponent(pollId)}`;

/** Where storage is refused (a private window), the voter's token lasts as long as the tab. */
const tokensOfThisTab = new Map<string, string>();

export function storedVoterToken(pollId: string): string | null {
  try {
    return localStorage.getItem(voterTokenStorageKey(pollId));
  } catch {
    return tokensOfThisTab.get(pollId) ?? null;
  }
}

export function keepVoterToken(pollId: string, token: string): void {
  try {
    localStorage.setItem(voterTokenStorageKey(pollId), token);
  } catch {
    tokensOfThisTab.set(pollId, token);
  }
}

/** The poll as this phone sees it; the token the server hands back (a new one when none or a forged one was sent) is kept. */
export async function fetchPublicPoll(pollId: string): Promise<PublicPollView> {
  const token = storedVoterToken(pollId);
  const path = `${pollPath(pollId)}${token ? `?${new URLSearchParams({ voter_token: token })}` : ''}`;
  const response = await publicFetch(path);
  if (!response.ok) throw await problem(response);
  const poll = await readAnswer(PublicPollView, response, operationOf(path));
  if (poll.voter_token !== token) keepVoterToken(pollId, poll.voter_token);
  return poll;
}

/** Spec §7 "append vote". */
export async function castVote(pollId: string, body: CastVoteBody): Promise<CastVoteView> {
  const path = `${pollPath(pollId)}/votes`;
  const response = await publicFetch(path, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw await problem(response);
  return readAnswer(CastVoteView, response, operationOf(path, 'POST'));
}

/** A live stream's message as the contract reads it; anything else (a garbled or unknown message) is null, and skipped. */
export function liveMessageOf(data: string): PollLiveView | null {
  try {
    const parsed = PollLiveView.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const publicPollKey = (pollId: string) => ['public-poll', pollId] as const;

/** A refusal is not asked again (it would come back the same); a failed connection is, twice. */
const retryUnlessRefused = (count: number, error: unknown) => !(error instanceof ApiProblem && error.status < 500) && count < 2;

export const usePublicPoll = (pollId: string) =>
  useQuery({ queryKey: publicPollKey(pollId), queryFn: () => fetchPublicPoll(pollId), retry: retryUnlessRefused });

/**
 * Keeps the voter's page live: each message of the poll's stream (a few a second at most) replaces
 * the status and results the page shows. A reset starts a new round in which this voter has not
 * voted, so a change of round reads the poll again for its `my_vote`. EventSource reconnects by
 * itself after a drop; a message that does not fit the contract is skipped.
 */
export function usePublicPollLive(pollId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let round: number | null = null;
    const source = new EventSource(`${pollPath(pollId)}/live`);
    source.onmessage = (event: MessageEvent<string>) => {
      const live = liveMessageOf(event.data);
      if (live === null) return;
      queryClient.setQueryData(
        publicPollKey(pollId),
        (poll: PublicPollView | undefined) => poll && { ...poll, status: live.status, results_hidden: live.results_hidden, results: live.results },
      );
      if (round !== null && live.round !== round) void queryClient.invalidateQueries({ queryKey: publicPollKey(pollId) });
      round = live.round;
    };
    return () => source.close();
  }, [pollId, enabled, queryClient]);
}
