import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import type { EmailQrOptions } from '@qr/contracts';
import { readQrCodes } from '@qr/qr-render';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { CampaignRow, QueuedDelivery } from '../messaging-channel';
import { MessagingConnections } from '../messaging-connections';
import { MessagingOutbox } from '../messaging-outbox';
import { codeWithConsentForm, submitForm } from '../messaging.fixture';
import { campaignBatchId, EmailChannel } from './email-channel';
import { startSmtpServer, type LocalSmtpServer } from './smtp-server.fixture';

const SEND = '/api/v1/messaging/email/qr';
const PUBLIC_URL = 'http://localhost:3000';
const BOUNCING = 'nobody@example.net';

/** The PDF's one page as poppler draws it, at a resolution where every module is several pixels. */
function pdfAsPng(pdf: Buffer): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'email-qr-')), 'code');
  writeFileSync(`${file}.pdf`, pdf);
  const run = spawnSync('pdftoppm', ['-png', '-r', '200', '-singlefile', `${file}.pdf`, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
  return readFileSync(`${file}.png`);
}
const hasPdftoppm = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).status === 0;

/** What a phone reads from an attached or inline QR file. */
async function linksIn(file: Attachment): Promise<string[]> {
  if (file.contentType === 'application/pdf') {
    const pdf = await PDFDocument.load(file.content);
    expect(pdf.getPageCount()).toBe(1);
    return hasPdftoppm ? readQrCodes(pdfAsPng(file.content)) : [];
  }
  return readQrCodes(file.content);
}

describe('email with QR codes', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let smtp: LocalSmtpServer;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([startTestApp(), startSmtpServer([BOUNCING])]);
    owner = callerOf(t.app, await signedUpToken(t.app, 'mail-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'mail-stranger@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Each test its own organisation with one code, connected to the local SMTP server unless told. */
  const shop = async (name: string, connected = true) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Prize', type: 'url', url: 'https://example.com/prize' })).json()
      .code_id as string;
    if (connected) {
      await t.app.get(MessagingConnections).connect(orgId, 'smtp', {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: '',
        password: '',
        from: 'shop@example.com',
        from_name: name,
        rate_per_second: 50,
      });
    }
    return { orgId, codeId };
  };

  /** The one-time codes' links of the base code's only batch, in issue order. */
  const oneTimeLinks = async (codeId: string): Promise<string[]> => {
    const [batch] = (await owner('GET', `/api/v1/one-time-codes?base_code_id=${codeId}`)).json();
    return (await owner('GET', `/api/v1/one-time-codes/${batch.batch_id}/codes?per_page=100`)).json().items.map((code: { qr_url: string }) => code.qr_url);
  };

  const lastEmailTo = async (address: string): Promise<ParsedMail & { raw: string }> => {
    const email = smtp.received.filter((received) => received.to.includes(address)).at(-1);
    if (!email) throw new Error(`no email reached ${address}`);
    return Object.assign(await simpleParser(email.raw, { skipImageLinks: true }), { raw: email.raw.toString('utf8') });
  };

  const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

  it.each([['png'], ['svg'], ['pdf']] as const)('sends %s QR codes as attachments, each decoding to its own one-time code', async (type) => {
    const { orgId, codeId } = await shop(`Attach ${type}`);
    const to = `ada-${type}@example.com`;
    const res = await owner('POST', SEND, { org_id: orgId, base_code_id: codeId, name: 'Summer draw', type, width: 256, height: 256, amount: 2, to });
    expect(res.json()).toEqual({ message: 'success', error: false, delivery_id: expect.any(String), status: 'sent', outbox: false });

    const mail = await lastEmailTo(to);
    const links = await oneTimeLinks(codeId);
    expect(links).toHaveLength(2);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/mixed' });
    expect(mail.raw).toContain('multipart/alternative');
    expect([mail.subject, mail.text]).toEqual(['Your QR codes', expect.stringContaining('Here are your QR codes.')]);
    expect(mail.html).toContain('<p>Here are your QR codes.</p>');
    expect(mail.attachments.map((file) => [file.filename, file.contentDisposition])).toEqual([
      [`Summer draw 1.${type}`, 'attachment'],
      [`Summer draw 2.${type}`, 'attachment'],
    ]);
    const read = await Promise.all(mail.attachments.map(linksIn));
    if (type !== 'pdf' || hasPdftoppm) expect(read).toEqual([[links[0]], [links[1]]]);
    expect(mail.text).toContain(`Summer draw 1.${type}: ${links[0]}`);
  });

  it('sends a campaign’s recipient their own one-time code inline, with unsubscribe headers whose one-click POST withdraws consent, and the same Message-ID on a resend', async () => {
    const { orgId, codeId } = await shop('Inline Café');
    const channel = t.app.get(EmailChannel);
    const qr: EmailQrOptions = { type: 'png', width: 220, height: 220, placement: 'inline' };
    const campaign: CampaignRow = {
      campaign_id: randomUUID(),
      org_id: orgId,
      channel: 'email',
      content: {
        name: 'Winter offer',
        code_id: codeId,
        audience: {},
        subject: 'Hello {{first_name}}',
        message: 'Hi {{first_name}} <b>&</b>\nYour code: {{code_url}}',
        qr,
      },
      one_time_batch_id: null,
    };
    const prepared = await channel.prepare(campaign, 3);
    // A restarted start prepares again: the same batch, not a second one.
    expect(await channel.prepare(campaign, 3)).toEqual(prepared);
    expect(prepared.one_time_batch_id).toBe(campaignBatchId(campaign.campaign_id));
    const links = await oneTimeLinks(codeId);
    expect(links).toHaveLength(3);

    const delivery: QueuedDelivery = {
      delivery_id: randomUUID(),
      org_id: orgId,
      campaign_id: campaign.campaign_id,
      channel: 'email',
      recipient: 'grace@example.com',
      name: 'Grace',
      fields: { first_name: 'Grace' },
      ordinal: 1,
      attempts: 0,
      is_test: false,
    };
    const started = { ...campaign, ...prepared };
    expect(await channel.deliver(delivery, started)).toMatchObject({ status: 'sent', outbox: false });
    const mail = await lastEmailTo('grace@example.com');

    expect(mail.subject).toBe('Hello Grace');
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.raw).toContain('multipart/related');
    expect(mail.html).toContain(`Hi Grace &lt;b&gt;&amp;&lt;/b&gt;<br>\nYour code: ${links[1]}`);
    expect(mail.text).toContain(`Hi Grace <b>&</b>\nYour code: ${links[1]}`);
    const [image] = mail.attachments;
    expect([mail.attachments.length, image!.contentType, image!.related]).toEqual([1, 'image/png', true]);
    expect(mail.html).toContain(`<img src="cid:${image!.cid}" width="220" height="220"`);
    expect(await readQrCodes(image!.content)).toEqual([links[1]]);

    const unsubscribe = header(mail, 'list-unsubscribe');
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/public/messaging/unsubscribe\\?token=[\\w.-]+>$`));
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toMatch(new RegExp(`<a href="${PUBLIC_URL}/unsubscribe\\?token=[\\w.-]+">Unsubscribe</a>`));
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/unsubscribe\\?token=[\\w.-]+`));
    expect(mail.messageId).toBe(`<${delivery.delivery_id}@localhost>`);

    // A mail client's one-click POST to the header's address (RFC 8058) withdraws the address in the ledger.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribe!.slice(PUBLIC_URL.length + 1, -1),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([oneClick.statusCode, oneClick.json().status]).toEqual([200, 'withdrawn']);
    const consent = (await owner('GET', `/api/v1/messaging/consents?org_id=${orgId}&address=grace@example.com`)).json();
    expect(consent).toMatchObject({ status: 'withdrawn', history: [expect.objectContaining({ status: 'withdrawn', source: 'list_unsubscribe' })] });

    await channel.deliver(delivery, started);
    const again = await lastEmailTo('grace@example.com');
    expect([again.messageId, again.attachments[0]!.checksum]).toEqual([mail.messageId, image!.checksum]);

    // A test send, before the start or during it, takes nobody's one-time code: it shows the base code's own QR, in the same look.
    const test = { ...delivery, delivery_id: randomUUID(), recipient: 'staff@example.com', ordinal: 0, is_test: true };
    expect(await channel.deliver(test, started)).toMatchObject({ status: 'sent' });
    const sample = await lastEmailTo('staff@example.com');
    expect(await readQrCodes(sample.attachments[0]!.content)).toEqual([`${PUBLIC_URL}/${codeId}`]);
  });

  it('gives each consenting customer of a scheduled campaign their own one-time code, once, and nobody who did not consent', async () => {
    const orgId = await createOrganization(owner, 'Campaign Café');
    await t.app.get(MessagingConnections).connect(orgId, 'smtp', {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: '',
      password: '',
      from: 'shop@example.com',
      from_name: '',
      rate_per_second: 50,
    });
    const { codeId, pageId } = await codeWithConsentForm(owner, orgId);
    const visitor = callerOf(t.app);
    const people = ['Ann', 'Ben', 'Cal'].map((first_name, n) => ({
      first_name,
      email: `${first_name.toLowerCase()}@campaign.example`,
      phone: `555 555 010${n}`,
    }));
    for (const person of people) await submitForm(visitor, pageId, person, true);
    await submitForm(visitor, pageId, { first_name: 'Dan', email: 'dan@campaign.example', phone: '555 555 0109' }, false);
    await t.projections.caughtUp();

    const created = await owner('POST', '/api/v1/messaging/campaigns', {
      org_id: orgId,
      channel: 'email',
      name: 'Winter offer',
      code_id: codeId,
      subject: 'A prize for {{first_name}}',
      message: 'Show this: {{code_url}}',
      qr: { type: 'png', width: 200, height: 200, placement: 'inline' },
    });
    const campaignId = created.json().campaign_id as string;
    expect((await owner('POST', `/api/v1/messaging/campaigns/${campaignId}/schedule`, {})).statusCode).toBeLessThan(300);
    const deadline = Date.now() + 20_000;
    while ((await owner('GET', `/api/v1/messaging/campaigns/${campaignId}`)).json().status !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const batchId = campaignBatchId(campaignId);
    const codes = (await owner('GET', `/api/v1/one-time-codes/${batchId}/codes?per_page=100`)).json().items.map((code: { qr_url: string }) => code.qr_url);
    expect(codes).toHaveLength(3);
    const read: string[] = [];
    for (const person of people) {
      expect(smtp.received.filter((email) => email.to.includes(person.email))).toHaveLength(1);
      const mail = await lastEmailTo(person.email);
      const [link] = await readQrCodes(mail.attachments[0]!.content);
      expect([mail.subject, mail.text]).toEqual([`A prize for ${person.first_name}`, expect.stringContaining(`Show this: ${link}`)]);
      read.push(link!);
    }
    expect(read.sort()).toEqual([...codes].sort());
    expect(smtp.received.some((email) => email.to.includes('dan@campaign.example'))).toBe(false);
  });

  it('keeps the email in the outbox, inline images as data: URLs, while no SMTP server is connected', async () => {
    const { orgId, codeId } = await shop('Outbox Café', false);
    const res = await owner('POST', SEND, { org_id: orgId, base_code_id: codeId, name: 'Voucher', amount: 1, to: 'lin@example.com' });
    expect(res.json()).toMatchObject({ message: 'success', status: 'sent', outbox: true });
    const channel = t.app.get(EmailChannel);
    const campaign: CampaignRow = {
      campaign_id: randomUUID(),
      org_id: orgId,
      channel: 'email',
      content: {
        name: 'Spring',
        code_id: codeId,
        audience: {},
        subject: 'Spring',
        message: 'Scan it. To leave: {{unsubscribe_url}}',
        qr: { type: 'png', width: 128, height: 128, placement: 'inline' },
      },
      one_time_batch_id: null,
    };
    const started = { ...campaign, ...(await channel.prepare(campaign, 1)) };
    const delivery: QueuedDelivery = {
      delivery_id: randomUUID(),
      org_id: orgId,
      campaign_id: campaign.campaign_id,
      channel: 'email',
      recipient: 'kim@example.com',
      name: null,
      fields: {},
      ordinal: 0,
      attempts: 0,
      is_test: false,
    };
    expect(await channel.deliver(delivery, started)).toEqual({ status: 'sent', provider_id: null, outbox: true });

    const { items } = await t.app.get(MessagingOutbox).list({ org_id: orgId, page: 1, per_page: 10 });
    const [inline, attached] = items;
    expect(inline).toMatchObject({ recipient: 'kim@example.com', subject: 'Spring', campaign_id: campaign.campaign_id });
    expect(inline!.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="128"/);
    expect(inline!.html).not.toContain('cid:');
    expect(inline!.text).toMatch(new RegExp(`^Scan it. To leave: ${PUBLIC_URL}/unsubscribe\\?token=[\\w.-]+`));
    expect(attached).toMatchObject({
      recipient: 'lin@example.com',
      attachments: [{ filename: 'Voucher.png', content_type: 'image/png', size: expect.any(Number) }],
    });
    expect(smtp.received.some((email) => email.to.includes('kim@example.com'))).toBe(false);
  });

  it('reports a 550 from the server as a final failure with its reason, and a refused connection as worth retrying', async () => {
    const { orgId, codeId } = await shop('Bounce Café');
    const res = await owner('POST', SEND, { org_id: orgId, base_code_id: codeId, name: 'Voucher', amount: 1, to: BOUNCING });
    expect(res.json()).toMatchObject({ message: 'error', error: true, status: 'failed', outbox: false });

    const channel = t.app.get(EmailChannel);
    const single = (recipient: string): QueuedDelivery => ({
      delivery_id: randomUUID(),
      org_id: orgId,
      campaign_id: null,
      channel: 'email',
      recipient,
      name: null,
      fields: { subject: 'Hi', text: 'Hello' } as QueuedDelivery['fields'],
      ordinal: 0,
      attempts: 0,
      is_test: false,
    });
    expect(await channel.deliver(single(BOUNCING), null)).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/^550 5\.1\.1 .*User unknown/),
      retry: false,
    });

    const closed = await startSmtpServer();
    await closed.close();
    const connections = t.app.get(MessagingConnections);
    await connections.connect(orgId, 'smtp', { ...(await connections.settings(orgId, 'smtp'))!, port: closed.port });
    expect(await channel.deliver(single('ok@example.com'), null)).toMatchObject({ status: 'failed', retry: true });
  });

  it('refuses bad input naming the field, another organisation’s code (404) and a viewer (403), and issues nothing', async () => {
    const { orgId, codeId } = await shop('Strict Café');
    const body = { org_id: orgId, base_code_id: codeId, name: 'Voucher', amount: 1, to: 'ok@example.com' };
    const refusals = [
      [{ ...body, amount: 0 }, 'body.amount'],
      [{ ...body, amount: 21 }, 'body.amount'],
      [{ ...body, to: 'not-an-address' }, 'body.to'],
      [{ ...body, type: 'gif' }, 'body.type'],
      [{ ...body, width: 10 }, 'body.width'],
      [{ ...body, message: 'Hi {{nickname}}' }, 'body.message'],
    ] as const;
    for (const [bad, field] of refusals) {
      const res = await owner('POST', SEND, bad);
      expect([res.statusCode, res.json().errors.map((error: { field: string }) => error.field)]).toEqual([400, [field]]);
    }

    const strangersOrg = await createOrganization(stranger, 'Mallory Mail');
    const theirs = await stranger('POST', SEND, { ...body, org_id: strangersOrg });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'code_not_found']);
    const notMember = await stranger('POST', SEND, body);
    expect(notMember.statusCode).toBe(404);

    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'mail-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'mail-viewer@example.com'));
    expect((await viewer('POST', SEND, body)).statusCode).toBe(403);
    expect((await owner('GET', `/api/v1/one-time-codes?base_code_id=${codeId}`)).json()).toEqual([]);
  });

  it('documents the route in OpenAPI with its contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths[SEND].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SendEmailQrBody' });
    expect(doc.paths[SEND].post.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SendResult' });
  });
});
