import type { Producer } from 'kafkajs';

/** Why a message went to the dead-letter topic (the `dead_letter_reason` header). */
export type DeadLetterReason =
  /** The value is not JSON. */
  | 'malformed_json'
  /** JSON that is not an `EventMessage` (libs/contracts). */
  | 'invalid_message'
  /** An `EventMessage` whose type the product does not know (`EVENT_TYPES` in libs/domain). */
  | 'unknown_type'
  /** The projection threw for this message alone, with an error that retrying does not cure. */
  | 'handler_failed';

export interface DeadLetter {
  reason: DeadLetterReason;
  /** What was wrong, for a person: the schema's issues, the handler's error message. */
  detail: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

/** Headers a dead letter carries besides the original message's own. */
export const DEAD_LETTER_HEADERS = {
  reason: 'dead_letter_reason',
  detail: 'dead_letter_detail',
  projection: 'dead_letter_projection',
  topic: 'dead_letter_topic',
  partition: 'dead_letter_partition',
  offset: 'dead_letter_offset',
} as const;

export const deadLetterTopic = (topic: string): string => `${topic}.dead-letter`;

/**
 * Sends messages a projection cannot apply to `<topic>.dead-letter`, unchanged, with the reason,
 * the projection and where they came from in headers, so that someone can look, fix and re-send.
 * Each projection's group judges every message itself, so a malformed message appears once per
 * projection. Sent before the batch's offset is committed: a crash in between sends it again.
 */
export async function sendDeadLetters(producer: Producer, topic: string, projection: string, letters: readonly DeadLetter[]): Promise<void> {
  if (letters.length === 0) return;
  await producer.send({
    topic: deadLetterTopic(topic),
    acks: -1,
    messages: letters.map((letter) => ({
      key: letter.key,
      value: letter.value,
      headers: {
        ...letter.headers,
        [DEAD_LETTER_HEADERS.reason]: letter.reason,
        [DEAD_LETTER_HEADERS.detail]: letter.detail.slice(0, 2000),
        [DEAD_LETTER_HEADERS.projection]: projection,
        [DEAD_LETTER_HEADERS.topic]: topic,
        [DEAD_LETTER_HEADERS.partition]: String(letter.partition),
        [DEAD_LETTER_HEADERS.offset]: letter.offset,
      },
    })),
  });
}
