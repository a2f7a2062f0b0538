import type { AnalyticsEventRecorded } from './analytics/analytics.events';
import type { CodeEvent } from './codes/codes.events';
import type { CustomerForgotten } from './customers/customers.events';
import type { ExperienceEvent, PageEventDataEvent } from './experiences/experiences.events';
import type { FolderEvent } from './folders/folders.events';
import type { GameEvent } from './games/games.events';
import type { AccountEvent } from './identity/account.events';
import type { OrganizationEvent } from './identity/organization.events';
import type { NoteEvent } from './notes/notes.events';
import type { OneTimeBatchEvent, OneTimeCodeUsed } from './one-time-codes/one-time-codes.events';
import type { LoyaltyProgrammeEvent } from './loyalty/loyalty.events';
import type { CampaignEvent, ConsentEvent } from './messaging/messaging.events';
import type { PassDesignEvent, PassEvent } from './passes/passes.events';
import type { PollEvent } from './polls/polls.events';
import type { PromoCampaignEvent, PromoMasterKeyEvent } from './promos/promos.events';
import type { PageNameEvent } from './pages/page-names';
import type { FormSubmitted, PageEvent } from './pages/pages.events';
import type { ScanRecorded } from './scans/scans.events';
import type { TemplateEvent } from './templates/templates.events';
import type { WallEvent, WallPhotoEvent } from './walls/walls.events';

/** Every event the product appends. */
export type DomainEvent =
  | OrganizationEvent
  | AccountEvent
  | CodeEvent
  | ScanRecorded
  | OneTimeBatchEvent
  | OneTimeCodeUsed
  | TemplateEvent
  | FolderEvent
  | NoteEvent
  | PageEvent
  | PageNameEvent
  | FormSubmitted
  | CustomerForgotten
  | AnalyticsEventRecorded
  | ExperienceEvent
  | PageEventDataEvent
  | PromoCampaignEvent
  | PromoMasterKeyEvent
  | LoyaltyProgrammeEvent
  | CampaignEvent
  | ConsentEvent
  | PassDesignEvent
  | PassEvent
  | GameEvent
  | PollEvent
  | WallEvent
  | WallPhotoEvent;

export type EventType = DomainEvent['type'];

/**
 * Every event type, as a value: consumers of the Kafka topic tell a type they do not know (a
 * message from a newer producer, or garbage) from one they merely skip. A record rather than an
 * array so that the compiler rejects a missing type as well as one that does not exist.
 */
const EVENT_TYPE_SET: Record<EventType, true> = {
  OrganizationCreated: true,
  OrganizationUpdated: true,
  OrganizationBrandKitSet: true,
  MemberAdded: true,
  MemberRemoved: true,
  MemberRoleChanged: true,
  TermsPublished: true,
  TermsAccepted: true,
  ApiKeyIssued: true,
  ApiKeyRevoked: true,
  AccountRegistered: true,
  AccountProfileChanged: true,
  AccountPasswordChanged: true,
  CodeCreated: true,
  CodeUpdated: true,
  CodePaused: true,
  CodeResumed: true,
  CodeDeleted: true,
  ScanRecorded: true,
  OneTimeCodesIssued: true,
  OneTimeCodesDeleted: true,
  OneTimeCodeUsed: true,
  TemplateSaved: true,
  TemplateDeleted: true,
  FolderCreated: true,
  FolderRenamed: true,
  FolderRemoved: true,
  CodesFiled: true,
  CodesUnfiled: true,
  NoteAdded: true,
  NoteDeleted: true,
  PageCreated: true,
  PageUpdated: true,
  PageDeleted: true,
  PageNameClaimed: true,
  PageNameReleased: true,
  FormSubmitted: true,
  CustomerForgotten: true,
  AnalyticsEventRecorded: true,
  ExperienceCreated: true,
  ExperienceUpdated: true,
  ExperienceDeleted: true,
  PageEventDataSet: true,
  PageEventDataCleared: true,
  PromoCampaignCreated: true,
  PromoCampaignUpdated: true,
  PromoCampaignKeySet: true,
  PromoCampaignDeleted: true,
  PromoRedeemed: true,
  PromoRefused: true,
  PromoMasterKeyCreated: true,
  PromoMasterKeyRenamed: true,
  PromoMasterKeyRotated: true,
  PromoMasterKeyDeleted: true,
  LoyaltyProgrammeCreated: true,
  LoyaltyProgrammeUpdated: true,
  LoyaltyProgrammeDeleted: true,
  LoyaltyMemberJoined: true,
  LoyaltyCredited: true,
  LoyaltyRewardRedeemed: true,
  LoyaltyRewardGranted: true,
  LoyaltyReferralRecorded: true,
  LoyaltyReferralConverted: true,
  LoyaltyCampaignRewardGranted: true,
  CampaignDrafted: true,
  CampaignUpdated: true,
  CampaignScheduled: true,
  CampaignCancelled: true,
  CampaignSendingStarted: true,
  CampaignSent: true,
  ConsentRecorded: true,
  PassDesignCreated: true,
  PassDesignUpdated: true,
  PassDesignDeleted: true,
  PassIssued: true,
  PassVoided: true,
  PassRestored: true,
  PollCreated: true,
  PollUpdated: true,
  PollOpened: true,
  PollClosed: true,
  PollResultsRevealed: true,
  PollResultsHidden: true,
  PollReset: true,
  PollDeleted: true,
  VoteCast: true,
  GameCreated: true,
  GameUpdated: true,
  GameOpened: true,
  GameClosed: true,
  GameDeleted: true,
  GamePlayed: true,
  QuestionAnswered: true,
  QuizFinished: true,
  PrizeClaimed: true,
  VoucherRedeemed: true,
  LeaderboardReset: true,
  WallCreated: true,
  WallUpdated: true,
  WallEmbedAdded: true,
  WallEmbedRemoved: true,
  WallDeleted: true,
  WallPhotoSubmitted: true,
  WallPhotoApproved: true,
  WallPhotoRejected: true,
};

export const EVENT_TYPES = Object.keys(EVENT_TYPE_SET) as readonly EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_TYPE_SET, type);
}
