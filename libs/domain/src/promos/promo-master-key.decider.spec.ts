import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { promoMasterKeyDecider } from './promo-master-key.decider';
import type { PromoMasterKeyCommand } from './promos.commands';
import type { PromoMasterKeyEvent } from './promos.events';

const given = deciderSpec(promoMasterKeyDecider);
const admin: CodeActor = { id: 'ad@example.com', role: 'admin' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const KEY = '7c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5';

const create = (actor = admin): PromoMasterKeyCommand => ({ type: 'CreatePromoMasterKey', actor, key_id: KEY, org_id: 'org-1', name: 'Counter' });
const created: PromoMasterKeyEvent = { type: 'PromoMasterKeyCreated', data: { key_id: KEY, org_id: 'org-1', name: 'Counter', created_by: admin.id } };
const rotated = (version: number): PromoMasterKeyEvent => ({ type: 'PromoMasterKeyRotated', data: { version, rotated_by: admin.id } });
const renamed: PromoMasterKeyEvent = { type: 'PromoMasterKeyRenamed', data: { name: 'Bar', renamed_by: admin.id } };
const deleted: PromoMasterKeyEvent = { type: 'PromoMasterKeyDeleted', data: { deleted_by: admin.id } };
const rotate: PromoMasterKeyCommand = { type: 'RotatePromoMasterKey', actor: admin };

describe('the master promo key decider', () => {
  it('creates a key for an admin, and refuses a reused key id', () => {
    given([]).when(create()).then([created]);
    given([created]).when(create()).then('wrong_expected_version');
    given([created, deleted]).when(create()).then('wrong_expected_version');
  });

  it('renames a key', () => given([created]).when({ type: 'RenamePromoMasterKey', actor: admin, name: 'Bar' }).then([renamed]));

  it('rotates to the next version each time, whatever came between', () => {
    given([created])
      .when(rotate)
      .then([rotated(2)]);
    given([created, rotated(2)])
      .when(rotate)
      .then([rotated(3)]);
    given([created, rotated(2), renamed])
      .when(rotate)
      .then([rotated(3)]);
  });

  it('deletes a key, which is then not found', () => {
    given([created, rotated(2)])
      .when({ type: 'DeletePromoMasterKey', actor: admin })
      .then([deleted]);
    given([created, deleted]).when(rotate).then('promo_master_key_not_found');
    given([created, deleted]).when({ type: 'RenamePromoMasterKey', actor: admin, name: 'Bar' }).then('promo_master_key_not_found');
    given([created, deleted]).when({ type: 'DeletePromoMasterKey', actor: admin }).then('promo_master_key_not_found');
    given([]).when(rotate).then('promo_master_key_not_found');
  });

  it('lets a viewer change nothing', () => {
    given([]).when(create(viewer)).then('forbidden');
    given([created]).when({ type: 'RenamePromoMasterKey', actor: viewer, name: 'Bar' }).then('forbidden');
    given([created]).when({ type: 'RotatePromoMasterKey', actor: viewer }).then('forbidden');
    given([created]).when({ type: 'DeletePromoMasterKey', actor: viewer }).then('forbidden');
  });
});
