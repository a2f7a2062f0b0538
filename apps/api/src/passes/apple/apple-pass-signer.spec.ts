import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '@qr/contracts';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { PassContent } from '../pass-content';
import { signPkpass } from './apple-pass-signer';
import { TEST_PASS_TYPE_ID, TEST_TEAM_ID, testAppleIssuer, testWwdr, TestWwdr, withEncryptedKey } from './apple-test-certificates.fixture';

const PASS_ID = '7d3f9a52-3c1e-4b8e-9a6f-2b5d1c0e8f47';
const issuer = testAppleIssuer();
const work = mkdtempSync(join(tmpdir(), 'pkpass-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();

async function content(overrides: Partial<PassContent> = {}): Promise<PassContent> {
  return {
    pass_id: PASS_ID,
    org_id: 'org-1',
    design_id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    kind: 'loyalty_card',
    organization_name: 'Café Terrasse',
    title: 'Coffee card',
    description: 'Coffee card of Café Terrasse',
    logo_text: 'Café Terrasse',
    background_color: '#1a2b3c',
    foreground_color: '#ffffff',
    label_color: '#ff8000',
    images: { logo: await png(900, 300), strip: await png(1200, 500), icon: await png(87, 87) },
    header_fields: [{ key: 'balance', label: 'Stamps', value: '7' }],
    primary_fields: [{ key: 'name', label: '', value: 'Ada Lovelace' }],
    secondary_fields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
    auxiliary_fields: [{ key: 'next', label: 'Next', value: 'Platinum' }],
    back_fields: [{ key: 'terms', label: 'Terms', value: 'One stamp a coffee.' }],
    barcode: { format: 'qr', message: 'https://qr.example/admin/loyalty/p/members/c', alt_text: '7D3F9A52' },
    locations: [{ latitude: 48.85661, longitude: 2.35222, relevant_text: 'Your coffee card' }],
    relevant_date: '2026-12-24T18:00:00Z',
    expiration_date: '2027-12-31T23:00:00Z',
    voided: false,
    holder_name: 'Ada Lovelace',
    loyalty: { balance: 7, unit: 'Stamps' },
    event: null,
    web_service_url: 'https://qr.example/pass-service',
    authentication_token: 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW',
    updated_at: new Date('2026-12-01T10:00:00Z'),
    update_tag: 42,
    ...overrides,
  };
}

const unzip = (pkpass: Buffer): Record<string, Buffer> =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(pkpass))).map(([name, bytes]) => [name, Buffer.from(bytes)]));
const passJsonOf = (files: Record<string, Buffer>) => JSON.parse(files['pass.json']!.toString('utf8')) as Record<string, unknown>;

/** What Wallet checks of the bundle: the detached PKCS #7 signature over manifest.json, chained to the WWDR. Returns the signer's certificate. */
function verifySignature(files: Record<string, Buffer>, caPem: string, manifest = files['manifest.json']!): string {
  const [signature, manifestFile, ca, signer] = ['signature', 'manifest.json', 'ca.pem', 'signer.pem'].map((name) => join(work, name));
  writeFileSync(signature!, files['signature']!);
  writeFileSync(manifestFile!, manifest);
  writeFileSync(ca!, caPem);
  execFileSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      signature!,
      '-content',
      manifestFile!,
      '-CAfile',
      ca!,
      '-purpose',
      'any',
      '-signer',
      signer!,
      '-out',
      '/dev/null',
    ],
    { stdio: 'pipe' },
  );
  return readFileSync(signer!, 'utf8');
}

test('a signed pass verifies against the WWDR, signed by the pass type certificate, over a manifest of every file’s SHA-1', async () => {
  const files = unzip(await signPkpass(await content(), issuer));

  const signer = verifySignature(files, testWwdr().pem);
  expect(new X509Certificate(signer).fingerprint256).toBe(new X509Certificate(issuer.certificate_pem).fingerprint256);

  const manifest = JSON.parse(files['manifest.json']!.toString('utf8')) as Record<string, string>;
  const bundled = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(bundled.sort());
  for (const name of bundled) expect(manifest[name]).toBe(createHash('sha1').update(files[name]!).digest('hex'));
  expect(bundled.sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'pass.json', 'strip.png', 'strip@2x.png']);
});

test('a manifest changed after signing no longer verifies', async () => {
  const files = unzip(await signPkpass(await content(), issuer));
  const changed = Buffer.from(files['manifest.json']!.toString('utf8').replace(/"pass\.json":"[0-9a-f]/, '"pass.json":"_'));
  expect(() => verifySignature(files, testWwdr().pem, changed)).toThrow();
});

test('pass.json carries what Apple’s pass reference asks of a store card: identifiers, colours as rgb(), fields, barcode, places, dates and the web service', async () => {
  const pass = passJsonOf(unzip(await signPkpass(await content(), issuer)));
  expect(pass).toMatchObject({
    formatVersion: 1,
    passTypeIdentifier: TEST_PASS_TYPE_ID,
    teamIdentifier: TEST_TEAM_ID,
    serialNumber: PASS_ID,
    organizationName: 'Café Terrasse',
    description: 'Coffee card of Café Terrasse',
    logoText: 'Café Terrasse',
    backgroundColor: 'rgb(26, 43, 60)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 128, 0)',
    voided: false,
    webServiceURL: 'https://qr.example/pass-service',
    authenticationToken: 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW',
    relevantDate: '2026-12-24T18:00:00.000Z',
    expirationDate: '2027-12-31T23:00:00.000Z',
    barcodes: [{ format: 'PKBarcodeFormatQR', message: 'https://qr.example/admin/loyalty/p/members/c', messageEncoding: 'iso-8859-1', altText: '7D3F9A52' }],
    locations: [{ latitude: 48.85661, longitude: 2.35222, relevantText: 'Your coffee card' }],
    storeCard: {
      headerFields: [{ key: 'balance', label: 'Stamps', value: '7' }],
      primaryFields: [{ key: 'name', value: 'Ada Lovelace' }],
      secondaryFields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
      auxiliaryFields: [{ key: 'next', label: 'Next', value: 'Platinum' }],
      backFields: [{ key: 'terms', label: 'Terms', value: 'One stamp a coffee.' }],
    },
  });
  expect(pass).not.toHaveProperty('coupon');
  expect((pass['storeCard'] as { primaryFields: object[] }).primaryFields[0]).not.toHaveProperty('label');
});

test('each kind takes its style, each barcode format its PassKit name, and a voided pass says so', async () => {
  const coupon = passJsonOf(
    unzip(
      await signPkpass(await content({ kind: 'promo_code', voided: true, barcode: { format: 'code128', message: 'WINTER-7K2Q', alt_text: null } }), issuer),
    ),
  );
  expect(coupon).toMatchObject({ voided: true, coupon: expect.any(Object), barcodes: [{ format: 'PKBarcodeFormatCode128', message: 'WINTER-7K2Q' }] });
  expect((coupon['barcodes'] as object[])[0]).not.toHaveProperty('altText');
  const ticket = passJsonOf(
    unzip(await signPkpass(await content({ kind: 'event_ticket', barcode: { format: 'pdf417', message: 'T', alt_text: null } }), issuer)),
  );
  expect(ticket).toMatchObject({ eventTicket: expect.any(Object), barcodes: [{ format: 'PKBarcodeFormatPDF417' }] });
  const aztec = passJsonOf(unzip(await signPkpass(await content({ barcode: { format: 'aztec', message: 'A', alt_text: null } }), issuer)));
  expect(aztec).toMatchObject({ barcodes: [{ format: 'PKBarcodeFormatAztec' }] });
});

test('without a logo text the programme’s name is the logo text, and a design without a logo or strip has only its icon', async () => {
  const files = unzip(await signPkpass(await content({ logo_text: '', images: { logo: null, strip: null, icon: await png(40, 40) } }), issuer));
  expect(passJsonOf(files)['logoText']).toBe('Coffee card');
  expect(Object.keys(files).filter((name) => name.endsWith('.png'))).toEqual(expect.arrayContaining(['icon.png', 'icon@2x.png']));
  expect(Object.keys(files).filter((name) => name.endsWith('.png'))).toHaveLength(2);
});

test('images are resized to Apple’s boxes at @1x and @2x: icon squares, a strip filled, a logo kept in proportion', async () => {
  const files = unzip(await signPkpass(await content(), issuer));
  const size = async (name: string) => {
    const { width, height } = await sharp(files[name]).metadata();
    return [width, height];
  };
  expect(await size('icon.png')).toEqual([29, 29]);
  expect(await size('icon@2x.png')).toEqual([58, 58]);
  expect(await size('strip.png')).toEqual([375, 123]);
  expect(await size('strip@2x.png')).toEqual([750, 246]);
  // 900 × 300 within 320 × 100 at @2x: the height bounds it.
  expect(await size('logo.png')).toEqual([150, 50]);
  expect(await size('logo@2x.png')).toEqual([300, 100]);
});

test('a key encrypted under its passphrase signs', async () => {
  const files = unzip(await signPkpass(await content(), withEncryptedKey(issuer, 'correct horse')));
  expect(() => verifySignature(files, testWwdr().pem)).not.toThrow();
});

test('unusable issuer material is refused as pass_issuer_invalid naming the certificate, the key or the WWDR', async () => {
  const refusal = async (bad: typeof issuer) => {
    const error = await signPkpass(await content(), bad).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('pass_issuer_invalid');
    return (error as DomainError).message;
  };
  expect(await refusal({ ...issuer, certificate_pem: 'garbage' })).toMatch(/pass type certificate is not a PEM certificate/);
  expect(await refusal({ ...issuer, private_key_pem: testAppleIssuer().private_key_pem })).toMatch(/private key is not the pass type certificate’s/);
  expect(await refusal({ ...issuer, wwdr_pem: 'garbage' })).toMatch(/WWDR certificate is not a PEM certificate/);
  expect(await refusal({ ...issuer, wwdr_pem: TestWwdr.make({ generation: 'G3' }).pem })).toMatch(/not by the WWDR G3/);
});
