import { generateKeyPairSync } from 'node:crypto';
import type { CreatePassDesignInput, PassDesignTermsInput } from '@qr/contracts';
import { strFromU8, unzipSync } from 'fflate';
import type { TestApp } from '../testing/test-app';
import { multipart } from '../uploads/multipart.fixture';

export const PASS_DESIGNS = '/api/v1/passes/designs';
export const PASS_SERVICE = '/pass-service';

/** A loyalty card's design as a shop would make it: the balance in front, the tier beside it, the terms on the back. */
export const coffeePassTerms = (change: Partial<PassDesignTermsInput> = {}): PassDesignTermsInput => ({
  name: 'Coffee card pass',
  description: 'Bean There coffee card',
  logo_text: 'Bean There',
  background_color: '#3B2F2F',
  foreground_color: '#FFFFFF',
  label_color: '#F5DEB3',
  header_fields: [{ key: 'tier', label: 'Tier', value: '{{tier}}' }],
  primary_fields: [{ key: 'balance', label: 'Points', value: '{{balance}}' }],
  secondary_fields: [{ key: 'holder', label: 'Member', value: '{{name}}' }],
  back_fields: [{ key: 'terms', label: 'Terms', value: 'One point per visit at {{organization_name}}.' }],
  ...change,
});

export const coffeePassDesign = (orgId: string, programmeId: string, change: Partial<PassDesignTermsInput> = {}): CreatePassDesignInput => ({
  org_id: orgId,
  source: { kind: 'loyalty_card', programme_id: programmeId },
  terms: coffeePassTerms(change),
});

/** A bounded wait for what the process does on its own time (the pass updater's rounds): the probe's first defined answer. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The path of one of the pass service's absolute links (apple_url, webServiceURL), for app.inject. */
export const pathOf = (url: string): string => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** The pass.json of a .pkpass bundle. */
export const passJsonOf = (pkpass: Buffer): Record<string, unknown> & { storeCard?: { primaryFields: { value: string }[] } } =>
  JSON.parse(strFromU8(unzipSync(new Uint8Array(pkpass))['pass.json']!)) as Record<string, unknown>;

/**
 * Waits until the pass updater has followed every change of the pass and made its push: after
 * this, a push the wallets receive comes from a later change.
 */
export async function passUpdatesSettled(t: TestApp, passId: string): Promise<void> {
  await t.projections.caughtUp();
  await eventually(`the pass updater to settle pass ${passId}`, async () => {
    const { rows } = await t.db.query<{ settled: boolean }>(
      `SELECT (SELECT global_position FROM wallet_reactions WHERE name = 'pass-updater') >= p.update_tag
              AND NOT EXISTS (SELECT 1 FROM wallet_pushes w WHERE w.pass_id = p.pass_id) AS settled
         FROM passes p WHERE p.pass_id = $1`,
      [passId],
    );
    return rows[0]?.settled ? true : undefined;
  });
}

export const GOOGLE_ISSUER_ID = '3388000000022123456';

/** A service account key file as Google Cloud gives it, with an RSA key made here (its public half for a stand-in). */
export function testServiceAccount(clientEmail = 'wallet@bean-there.iam.gserviceaccount.com') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = {
    type: 'service_account',
    project_id: 'bean-there',
    private_key_id: 'a1b2c3',
    private_key: privateKey,
    client_email: clientEmail,
    client_id: '1234567890',
  };
  return { json: JSON.stringify(key), clientEmail, privateKey, publicKey };
}

/** Uploads an image through the uploads API as the organisation's staff (`token`): its blob id, for a design's logo, strip or icon. */
export async function uploadedImage(t: TestApp, token: string, orgId: string, png: Buffer): Promise<string> {
  const body = multipart(png, 'logo.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/uploads?org_id=${orgId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().blob_id as string;
}
