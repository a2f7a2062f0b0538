import { MAX_WALL_EMBEDS, WallTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { wallPhotoDecider } from './wall-photo.decider';
import { wallDecider } from './wall.decider';
import type { SubmitWallPhoto } from './walls.commands';
import type { WallEvent, WallPhotoEvent } from './walls.events';

const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const at = '2026-06-01T12:00:00.000Z';
const terms = WallTerms.parse({ title: 'Summer party' });

describe('the wall decider', () => {
  const given = deciderSpec(wallDecider);
  const created: WallEvent = { type: 'WallCreated', data: { wall_id: 'w-1', org_id: 'org-1', code_id: 'AAAAAAAAA1', terms, created_by: editor.id, at } };
  const create = (actor = editor) => ({ type: 'CreateWall' as const, actor, at, wall_id: 'w-1', org_id: 'org-1', code_id: 'AAAAAAAAA1', terms });
  const embed = (origin: string) => ({ type: 'AddWallEmbed' as const, actor: editor, at, origin });
  const embedded = (origin: string): WallEvent => ({ type: 'WallEmbedAdded', data: { origin, by: editor.id, at } });

  it('creates a wall for an editor, never for a viewer', () => {
    given([]).when(create()).then([created]);
    given([]).when(create(viewer)).then('forbidden');
    given([created]).when(create()).then('wrong_expected_version');
  });
  it('adds a site once, and no more sites than the limit', () => {
    given([created])
      .when(embed('https://a.example'))
      .then([embedded('https://a.example')]);
    given([created, embedded('https://a.example')])
      .when(embed('https://a.example'))
      .then([]);
    const full = Array.from({ length: MAX_WALL_EMBEDS }, (_, i) => embedded(`https://site${i}.example`));
    given([created, ...full])
      .when(embed('https://one-more.example'))
      .then('wall_embed_limit');
  });
  it('answers a deleted or unknown wall as not found', () => {
    const deleted: WallEvent = { type: 'WallDeleted', data: { by: editor.id, at } };
    given([created]).when({ type: 'DeleteWall', actor: editor, at }).then([deleted]);
    given([created, deleted]).when({ type: 'UpdateWall', actor: editor, at, terms }).then('wall_not_found');
    given([]).when(embed('https://a.example')).then('wall_not_found');
  });
});

describe('the wall photo decider', () => {
  const given = deciderSpec(wallPhotoDecider);
  const nsfw = (score: number) => ({ scores: { drawing: 0, hentai: 0, neutral: 1 - score, porn: score, sexy: 0 }, nsfw: score, model: 'nsfwjs MobileNetV2' });
  const submit = (score: number, wallTerms = terms): SubmitWallPhoto => ({
    type: 'SubmitWallPhoto',
    at,
    photo_id: 'p-1',
    wall_id: 'w-1',
    org_id: 'org-1',
    code_id: 'AAAAAAAAA1',
    terms: wallTerms,
    blob_id: 'b-1',
    width: 320,
    height: 240,
    caption: 'Team Blue',
    nsfw: nsfw(score),
    submitter: 'visitor-hash',
  });
  const { type: _type, terms: _terms, ...photo } = submit(0.1);
  const submitted = (score: number, flagged: boolean, status: 'pending' | 'approved'): WallPhotoEvent => ({
    type: 'WallPhotoSubmitted',
    data: { ...photo, nsfw: nsfw(score), flagged, status },
  });
  const review = (decision: 'approve' | 'reject', actor = editor) => ({ type: 'ReviewWallPhoto' as const, actor, at, decision });
  const autoApprove = { ...terms, auto_approve: true };

  it('holds every photo for review unless the wall approves what the check passes', () => {
    given([])
      .when(submit(0.1))
      .then([submitted(0.1, false, 'pending')]);
    given([])
      .when(submit(0.1, autoApprove))
      .then([submitted(0.1, false, 'approved')]);
  });
  it('flags a photo whose score reaches the threshold, and keeps it pending even on an auto-approving wall', () => {
    given([])
      .when(submit(0.6, autoApprove))
      .then([submitted(0.6, true, 'pending')]);
    given([])
      .when(submit(0.2, { ...autoApprove, nsfw_threshold: 0.2 }))
      .then([submitted(0.2, true, 'pending')]);
  });
  it('reviews once: deciding the same again records nothing, and a viewer may not review', () => {
    const approved: WallPhotoEvent = { type: 'WallPhotoApproved', data: { by: editor.id, at } };
    given([submitted(0.1, false, 'pending')])
      .when(review('approve'))
      .then([approved]);
    given([submitted(0.1, false, 'pending'), approved])
      .when(review('approve'))
      .then([]);
    given([submitted(0.1, false, 'pending'), approved])
      .when(review('reject'))
      .then([{ type: 'WallPhotoRejected', data: { by: editor.id, at } }]);
    given([submitted(0.1, false, 'pending')])
      .when(review('approve', viewer))
      .then('forbidden');
    given([]).when(review('approve')).then('wall_photo_not_found');
  });
});
