import { randomUUID } from 'node:crypto';
import { DEFAULT_REGISTRATION_FORM } from '@qr/contracts';
import type { ApiCaller } from '../identity/organization-api.fixture';

/** A code with a landing page whose default form has a consent input as well, for messaging specs: visitors who tick it consent. */
export async function codeWithConsentForm(owner: ApiCaller, orgId: string, name = 'Newsletter'): Promise<{ codeId: string; pageId: string }> {
  const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name, type: 'page' })).json().code_id as string;
  const form = [
    ...DEFAULT_REGISTRATION_FORM,
    { name: 'marketing', input_display_name: 'Send me offers', placeholder_text: '', required: false, input_type: 'consent' },
  ];
  const created = await owner('POST', '/api/v1/pages', { code_id: codeId, form });
  if (created.statusCode >= 300) throw new Error(`page create failed: ${created.statusCode} ${created.body}`);
  return { codeId, pageId: created.json().page_id as string };
}

/** A visitor's answers to that form, ticking the consent input or not. */
export async function submitForm(
  visitor: ApiCaller,
  pageId: string,
  person: { first_name: string; email: string; phone: string },
  consent: boolean,
): Promise<void> {
  const res = await visitor('POST', `/api/v1/public/pages/${pageId}/submissions`, {
    submission_id: randomUUID(),
    answers: { last_name: 'Visitor', ...person, marketing: consent },
  });
  if (res.statusCode >= 300) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
}
