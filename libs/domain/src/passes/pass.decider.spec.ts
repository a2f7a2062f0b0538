import type { PassSource } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { IssuePass, PassCommand } from './passes.commands';
import { passDecider } from './pass.decider';
import type { PassEvent } from './passes.events';

const given = deciderSpec(passDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const source: PassSource = { kind: 'loyalty_card', programme_id: '1b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192' };
const holder = { kind: 'loyalty_card', card_id: 'a0000000-0000-4000-8000-000000000001' } as const;
const ids = { pass_id: 'f0000000-0000-4000-8000-000000000001', design_id: '0d1e5a9c-0000-4000-8000-000000000001', org_id: 'org-1' };

const issue = (actor: CodeActor | null = editor): IssuePass => ({ type: 'IssuePass', actor, ...ids, source, holder });
const setVoided = (voided: boolean, actor = editor): PassCommand => ({ type: 'SetPassVoided', actor, voided });
const issuedBy = (by: string | null): PassEvent => ({ type: 'PassIssued', data: { ...ids, source, holder, issued_by: by } });
const issued = issuedBy(editor.id);
const voided: PassEvent = { type: 'PassVoided', data: { voided_by: editor.id } };
const restored: PassEvent = { type: 'PassRestored', data: { restored_by: editor.id } };

describe('the pass decider', () => {
  it('issues a pass for staff, and for a visitor adding it from their page', () => {
    given([]).when(issue()).then([issued]);
    given([])
      .when(issue(null))
      .then([issuedBy(null)]);
  });

  it('decides nothing when the same holder adds their pass again, so they keep the one pass', () => {
    given([issued]).when(issue()).then([]);
    given([issued]).when(issue(null)).then([]);
  });

  it('does not bring a voided pass back when its holder adds it again', () => given([issued, voided]).when(issue(null)).then([]));

  it('refuses a viewer, who may neither issue nor void a pass', () => {
    given([]).when(issue(viewer)).then('forbidden');
    given([issued]).when(setVoided(true, viewer)).then('forbidden');
  });

  it('voids a pass and restores it; voiding twice or restoring a live pass decides nothing', () => {
    given([issued]).when(setVoided(true)).then([voided]);
    given([issued, voided]).when(setVoided(true)).then([]);
    given([issued, voided]).when(setVoided(false)).then([restored]);
    given([issued, voided, restored]).when(setVoided(false)).then([]);
    given([issued]).when(setVoided(false)).then([]);
  });

  it('finds no unknown pass to void or restore', () => {
    given([]).when(setVoided(true)).then('pass_not_found');
    given([]).when(setVoided(false)).then('pass_not_found');
  });
});
