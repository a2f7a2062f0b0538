import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { pageNameDecider, type PageNameEvent } from './page-names';

const given = deciderSpec(pageNameDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const claim = (page_id: string, actor = editor) => ({ type: 'ClaimPageName' as const, actor, name: 'summer-fair', page_id, org_id: 'org-1' });
const release = (page_id: string) => ({ type: 'ReleasePageName' as const, actor: editor, name: 'summer-fair', page_id });
const claimedBy = (page_id: string): PageNameEvent => ({ type: 'PageNameClaimed', data: { name: 'summer-fair', page_id, org_id: 'org-1' } });
const releasedBy = (page_id: string): PageNameEvent => ({ type: 'PageNameReleased', data: { name: 'summer-fair', page_id } });

describe('vanity names', () => {
  it('gives a free name to the first page that asks, and again once its page lets it go', () => {
    given([])
      .when(claim('page-a'))
      .then([claimedBy('page-a')]);
    given([claimedBy('page-a'), releasedBy('page-a')])
      .when(claim('page-b'))
      .then([claimedBy('page-b')]);
  });

  it("refuses another page's name, and changes nothing when a page asks for the name it has", () => {
    given([claimedBy('page-a')])
      .when(claim('page-b'))
      .then('page_name_taken');
    given([claimedBy('page-a')])
      .when(claim('page-a'))
      .then([]);
  });

  it('lets only the holder release the name', () => {
    given([claimedBy('page-a')])
      .when(release('page-a'))
      .then([releasedBy('page-a')]);
    given([claimedBy('page-a')])
      .when(release('page-b'))
      .then([]);
  });

  it('lets a viewer claim nothing', () => given([]).when(claim('page-a', viewer)).then('forbidden'));
});
