import { QrDesign, type CodeView, type QrPreviewView } from '@qr/contracts';

/** A URL code as the API returns it, for specs that render codes; `extra` replaces any field, content included. */
export const codeView = (code_id: string, name: string, extra: Partial<CodeView> = {}): CodeView => {
  const design = extra.design ?? QrDesign.parse({});
  return {
    code_id,
    id: code_id,
    org_id: '0a000000-0000-4000-8000-000000000001',
    name,
    type: 'url',
    url: 'https://example.com/menu',
    status: 'active',
    design,
    width: design.width,
    height: design.height,
    base_code_id: null,
    folder_id: null,
    public_link: `http://localhost/code/${code_id}`,
    qr_url: `http://localhost/${code_id}`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    scan_count: 0,
    ...extra,
  };
};

/** The designer's preview of a design that scans and prints as drawn; `extra` replaces any field. */
export const qrPreview = (extra: Partial<QrPreviewView> = {}): QrPreviewView => ({
  svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  check: { ok: true },
  frame_text_not_printed: [],
  ...extra,
});
