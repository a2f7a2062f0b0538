import { PassDesignTerms, type PassSource } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { CreatePassDesign, PassDesignCommand } from './passes.commands';
import { passDesignDecider } from './pass-design.decider';
import type { PassDesignEvent } from './passes.events';

const given = deciderSpec(passDesignDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const DESIGN = '0d1e5a9c-0000-4000-8000-000000000001';
const card: PassSource = { kind: 'loyalty_card', programme_id: '1b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192' };
const terms = PassDesignTerms.parse({
  name: 'Coffee card',
  description: 'Your coffee stamps',
  background_color: '#112233',
  foreground_color: '#FFFFFF',
  label_color: '#CCCCCC',
  primary_fields: [{ key: 'balance', label: 'Stamps', value: '{{balance}}' }],
});
const renamed = PassDesignTerms.parse({ ...terms, name: 'Coffee card 2027', logo_text: 'Café' });

const create = (actor = editor): CreatePassDesign => ({ type: 'CreatePassDesign', actor, design_id: DESIGN, org_id: 'org-1', source: card, terms });
const update = (actor = editor, source: PassSource = card): PassDesignCommand => ({ type: 'UpdatePassDesign', actor, source, terms: renamed });
const remove = (actor = editor): PassDesignCommand => ({ type: 'DeletePassDesign', actor });
const created: PassDesignEvent = { type: 'PassDesignCreated', data: { design_id: DESIGN, org_id: 'org-1', source: card, terms, created_by: editor.id } };
const updated: PassDesignEvent = { type: 'PassDesignUpdated', data: { terms: renamed, updated_by: editor.id } };
const deleted: PassDesignEvent = { type: 'PassDesignDeleted', data: { deleted_by: editor.id } };

describe('the pass design decider', () => {
  it('creates, updates and deletes a design for an editor', () => {
    given([]).when(create()).then([created]);
    given([created]).when(update()).then([updated]);
    given([created, updated]).when(remove()).then([deleted]);
  });

  it('lets an owner and an admin design passes too, recording who did', () => {
    for (const role of ['owner', 'admin'] as const) {
      const actor: CodeActor = { id: `${role}@example.com`, role };
      given([])
        .when(create(actor))
        .then([{ ...created, data: { ...created.data, created_by: actor.id } }]);
    }
  });

  it('refuses a viewer, who may only look at loyalty', () => {
    given([]).when(create(viewer)).then('forbidden');
    given([created]).when(update(viewer)).then('forbidden');
    given([created]).when(remove(viewer)).then('forbidden');
  });

  it('refuses to create the same design twice', () => given([created]).when(create()).then('wrong_expected_version'));

  it('keeps the source a design was made for: an edit naming another programme or kind is refused', () => {
    given([created])
      .when(update(editor, { kind: 'loyalty_card', programme_id: '2c9f7d3f-5b2e-4d4f-8a8b-3e6f7a819203' }))
      .then('validation_failed');
    given([created])
      .when(update(editor, { kind: 'event_ticket', page_id: card.programme_id }))
      .then('validation_failed');
  });

  it('finds no deleted or unknown design to update or delete', () => {
    given([created, deleted]).when(update()).then('pass_design_not_found');
    given([created, deleted]).when(remove()).then('pass_design_not_found');
    given([]).when(update()).then('pass_design_not_found');
    given([]).when(remove()).then('pass_design_not_found');
  });
});
