import { TEMPLATE_GALLERY } from '@qr/contracts';
import { createOrganization, ownerAndStranger } from '../identity/organization-api.fixture';

const TEMPLATES = '/api/v1/templates';
const CODES = '/api/v1/codes';

describe('templates', () => {
  const world = ownerAndStranger('tess@example.com', 'Template Café');

  const list = async (caller = world.owner, org = world.orgId) =>
    (await caller('GET', `${TEMPLATES}?org_id=${org}`)).json() as { template_id: string; source: string; name: string }[];
  const codeCount = async () => (await world.owner('GET', `${CODES}?org_id=${world.orgId}&per_page=100`)).json().total as number;

  it('lists the built-in gallery of at least eight templates, every one making a code that scans, with its page', async () => {
    const gallery = (await list()).filter((template) => template.source === 'gallery');
    expect(gallery.map((template) => template.template_id)).toEqual(
      expect.arrayContaining(['event-check-in', 'restaurant-menu', 'product-launch', 'conference-welcome', 'feedback', 'coupon', 'business-card', 'wifi']),
    );
    for (const template of TEMPLATE_GALLERY) {
      const res = await world.owner('POST', `${TEMPLATES}/${template.template_id}/codes`, { org_id: world.orgId });
      expect([template.template_id, res.statusCode]).toEqual([template.template_id, 201]);
      const code = (await world.owner('GET', `${CODES}/${res.json().code_id}`)).json();
      expect(code).toMatchObject({ name: template.name, type: template.content.type, design: template.design, base_code_id: null });
      // The save-time check: the design, drawn and decoded, reads back as a code's URL.
      expect([template.template_id, (await world.owner('POST', `${CODES}/qr-preview`, { design: template.design })).json().check]).toEqual([
        template.template_id,
        { ok: true },
      ]);
      const pages = (await world.owner('GET', `/api/v1/pages?code_id=${code.code_id}`)).json();
      expect(pages.map((page: { title: string }) => page.title)).toEqual(template.page ? [template.page.title] : []);
    }
  });

  it('saves a code’s content, design and page as a template, lists it after the gallery, and makes a new code from it', async () => {
    const res = await world.owner('POST', CODES, {
      org_id: world.orgId,
      name: 'Spring gala',
      type: 'page',
      design: { foreground: '#5b1a6e', eye_style: 'rounded' },
    });
    const codeId = res.json().code_id;
    await world.owner('POST', '/api/v1/pages', { code_id: codeId, title: 'Gala', vanity_name: `gala-${codeId.toLowerCase()}` });

    const saved = await world.owner('POST', `${TEMPLATES}/from-code`, { code_id: codeId, description: 'Our gala page' });
    expect(saved.statusCode).toBe(201);
    const template = saved.json();
    expect(template).toMatchObject({
      source: 'organization',
      org_id: world.orgId,
      name: 'Spring gala',
      description: 'Our gala page',
      content: { type: 'page' },
    });
    expect(template.design).toMatchObject({ foreground: '#5b1a6e', eye_style: 'rounded' });
    expect(template.page).toMatchObject({ title: 'Gala' });
    expect(template.page.vanity_name).toBeUndefined();
    const listed = await list();
    expect(listed.at(-1)).toMatchObject({ template_id: template.template_id, name: 'Spring gala' });

    const made = await world.owner('POST', `${TEMPLATES}/${template.template_id}/codes`, { org_id: world.orgId, name: 'Autumn gala' });
    expect(made.statusCode).toBe(201);
    const code = (await world.owner('GET', `${CODES}/${made.json().code_id}`)).json();
    expect(code).toMatchObject({ name: 'Autumn gala', type: 'page' });
    expect((await world.owner('GET', `/api/v1/pages?code_id=${code.code_id}`)).json()).toMatchObject([{ title: 'Gala', vanity_name: null }]);
  });

  it('submits a template written from scratch, sanitising its page, and deletes it', async () => {
    const res = await world.owner('POST', TEMPLATES, {
      org_id: world.orgId,
      name: 'Happy hour',
      content: { type: 'note', title: 'Happy hour', text: '2 for 1 until 7 pm' },
      design: { foreground: '#8e2424' },
      page: { title: 'Happy hour', blocks: [{ kind: 'text', html: '<p onclick="steal()">Cheers<script>alert(1)</script></p>' }] },
    });
    expect(res.statusCode).toBe(201);
    const template = res.json();
    expect(template.page.blocks).toEqual([{ kind: 'text', html: '<p>Cheers</p>' }]);
    expect((await world.owner('GET', `${TEMPLATES}/${template.template_id}`)).json()).toEqual(template);

    expect((await world.owner('DELETE', `${TEMPLATES}/${template.template_id}`)).statusCode).toBe(204);
    expect((await world.owner('GET', `${TEMPLATES}/${template.template_id}`)).statusCode).toBe(404);
    expect((await list()).some((listed) => listed.template_id === template.template_id)).toBe(false);
    expect((await world.owner('DELETE', `${TEMPLATES}/wifi`)).statusCode).toBe(404);
  });

  it('refuses bad templates by field, and a design that would not scan, storing nothing', async () => {
    const bad = await world.owner('POST', TEMPLATES, { org_id: world.orgId, name: '', content: { type: 'url', url: 'ftp://x' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['body.content.url', 'body.name']);
    const pale = await world.owner('POST', TEMPLATES, {
      org_id: world.orgId,
      name: 'Pale',
      content: { type: 'text', text: 'x' },
      design: { foreground: '#eeeeee' },
    });
    expect([pale.statusCode, pale.json().code]).toEqual([422, 'design_unscannable']);
    expect((await world.owner('POST', `${TEMPLATES}/no-such-template/codes`, { org_id: world.orgId })).statusCode).toBe(404);
    const video = await world.owner('POST', TEMPLATES, {
      org_id: world.orgId,
      name: 'Film',
      content: { type: 'text', text: 'x' },
      page: { title: 'Film', blocks: [{ kind: 'video', url: 'not a url' }] },
    });
    expect([video.statusCode, video.json().errors?.map((e: { field: string }) => e.field)]).toEqual([400, ['body.page.blocks.0.url']]);
    expect((await list()).filter((template) => template.source === 'organization').map((template) => template.name)).not.toContain('Pale');
  });

  it('keeps templates to their organisation: another tenant can neither see, use, save from, nor delete them', async () => {
    const codeId = (await world.owner('POST', CODES, { org_id: world.orgId, name: 'Secret', type: 'text', text: 'x' })).json().code_id;
    const template = (await world.owner('POST', `${TEMPLATES}/from-code`, { code_id: codeId })).json();
    const strangersOrg = await createOrganization(world.stranger, 'Elsewhere');
    const before = await codeCount();

    expect((await world.stranger('GET', `${TEMPLATES}?org_id=${world.orgId}`)).statusCode).toBe(404);
    expect((await list(world.stranger, strangersOrg)).some((listed) => listed.template_id === template.template_id)).toBe(false);
    for (const [method, url, body] of [
      ['GET', `${TEMPLATES}/${template.template_id}`, undefined],
      ['POST', `${TEMPLATES}/${template.template_id}/codes`, { org_id: strangersOrg }],
      ['POST', `${TEMPLATES}/from-code`, { code_id: codeId }],
      ['DELETE', `${TEMPLATES}/${template.template_id}`, undefined],
    ] as const) {
      const res = await world.stranger(method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    // Nor can the world.owner carry one organisation's template (and its images) into another.
    const ownersOther = await createOrganization(world.owner, 'Second shop');
    expect((await world.owner('POST', `${TEMPLATES}/${template.template_id}/codes`, { org_id: ownersOther })).statusCode).toBe(404);
    expect(await codeCount()).toBe(before);
  });

  it('documents every templates route in OpenAPI with its contract', async () => {
    const doc = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(TEMPLATES))
        .sort(),
    ).toEqual([TEMPLATES, `${TEMPLATES}/from-code`, `${TEMPLATES}/{template_id}`, `${TEMPLATES}/{template_id}/codes`]);
    expect(doc.paths[TEMPLATES].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SubmitTemplateBody' });
    expect(doc.paths['/api/v1/codes/clone-multiple'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CloneMultipleBody',
    });
  });
});
