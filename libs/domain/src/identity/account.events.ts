/**
 * What happens to a local account, on its stream `account-<subject>`. The subject (the token's
 * `sub`) names the stream rather than the email, as it is never reused. Like every event these
 * never carry the password or its hash: the account store keeps those (DESIGN.md §3).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type AccountRegistered = Event<'AccountRegistered', { email: string; display_name: string }>;

export type AccountProfileChanged = Event<'AccountProfileChanged', { display_name: string }>;

/** Says only that it happened, for the account's history: an unexpected one is a sign of takeover. */
export type AccountPasswordChanged = Event<'AccountPasswordChanged', Record<string, never>>;

export type AccountEvent = AccountRegistered | AccountProfileChanged | AccountPasswordChanged;

export const accountStreamId = (subject: string): string => `account-${subject}`;
