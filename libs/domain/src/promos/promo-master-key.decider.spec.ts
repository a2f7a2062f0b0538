import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { promoMasterKeyDecider } from './promo-master-key.decider';
import type { PromoMasterKeyEvent } from './promos.events';

const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const KEY = '0190a6b2-0000-7000-8000-0000000000e1';
const created: PromoMasterKeyEvent = { type: 'PromoMasterKeyCreated', data: { key_id: KEY, org_id: 'org-1', name: 'Counter', created_by: editor.id } };
const rotated = (version: number): PromoMasterKeyEvent => ({ type: 'PromoMasterKeyRotated', data: { version, rotated_by: editor.id } });
const deleted: PromoMasterKeyEvent = { type: 'PromoMasterKeyDeleted', data: { deleted_by: editor.id } };

describe('the master promo key decider', () => {
  const given = deciderSpec(promoMasterKeyDecider);

  it('creates a key for an editor, and refuses a viewer and a reused id', () => {
    given([]).when({ type: 'CreatePromoMasterKey', actor: editor, key_id: KEY, org_id: 'org-1', name: 'Counter' }).then([created]);
    given([]).when({ type: 'CreatePromoMasterKey', actor: viewer, key_id: KEY, org_id: 'org-1', name: 'Counter' }).then('forbidden');
    given([created]).when({ type: 'CreatePromoMasterKey', actor: editor, key_id: KEY, org_id: 'org-1', name: 'Counter' }).then('wrong_expected_version');
  });

  it('rotates to the next version each time, whatever the renames between', () => {
    given([created])
      .when({ type: 'RotatePromoMasterKey', actor: editor })
      .then([rotated(2)]);
    const renamed: PromoMasterKeyEvent = { type: 'PromoMasterKeyRenamed', data: { name: 'Till', renamed_by: editor.id } };
    given([created, rotated(2), renamed])
      .when({ type: 'RotatePromoMasterKey', actor: editor })
      .then([rotated(3)]);
    given([created]).when({ type: 'RenamePromoMasterKey', actor: editor, name: 'Till' }).then([renamed]);
  });

  it('deletes once; a deleted or unknown key is not found', () => {
    given([created]).when({ type: 'DeletePromoMasterKey', actor: editor }).then([deleted]);
    given([created, deleted]).when({ type: 'RotatePromoMasterKey', actor: editor }).then('promo_master_key_not_found');
    given([]).when({ type: 'RenamePromoMasterKey', actor: editor, name: 'Till' }).then('promo_master_key_not_found');
  });
});
