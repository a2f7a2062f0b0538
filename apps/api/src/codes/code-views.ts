import { CODE_CONTENT, type CodeContent, type CodeStatus, type CodeView, type QrDesign } from '@qr/contracts';

/** A row of the codes read model. */
export interface CodeRow {
  code_id: string;
  org_id: string;
  name: string;
  type: CodeContent['type'];
  content: CodeContent;
  design: QrDesign;
  status: CodeStatus;
  base_code_id: string | null;
  folder_id: string | null;
  created_at: Date;
  updated_at: Date;
  scan_count: string | number;
}

/** Codes with their scan counts; queries add `WHERE c.…` conditions. */
export const SELECT_CODES = `SELECT c.code_id, c.org_id, c.name, c.type, c.content, c.design, c.status, c.base_code_id, c.folder_id,
    c.created_at, c.updated_at, coalesce(s.scans, 0) AS scan_count
  FROM codes c LEFT JOIN scan_counts s ON s.code_id = c.code_id`;

/** What the QR image encodes and where the code's public page is, both under the server's public URL. */
export const qrUrlOf = (publicUrl: string, codeId: string) => `${publicUrl}/${codeId}`;
export const publicLinkOf = (publicUrl: string, codeId: string) => `${publicUrl}/code/${codeId}`;

/** The API's view of a code: the content's fields at the top level, as the body that created it. */
export function toCodeView(row: CodeRow, publicUrl: string): CodeView {
  const { type: _type, ...fields } = row.content;
  return {
    ...fields,
    code_id: row.code_id,
    id: row.code_id,
    org_id: row.org_id,
    name: row.name,
    type: row.type,
    status: row.status,
    design: row.design,
    width: row.design.width,
    height: row.design.height,
    base_code_id: row.base_code_id,
    folder_id: row.folder_id,
    public_link: publicLinkOf(publicUrl, row.code_id),
    qr_url: qrUrlOf(publicUrl, row.code_id),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    scan_count: Number(row.scan_count),
  };
}

/** A code's content back from its view, where `toCodeView` put the content's fields at the top level. */
export function contentOfView(code: CodeView): CodeContent {
  const fields = Object.keys(CODE_CONTENT[code.type]).filter((key) => code[key] !== undefined);
  // The fields were the stored content's, which the contract checked when it was written.
  return { type: code.type, ...Object.fromEntries(fields.map((key) => [key, code[key]])) } as CodeContent;
}

/** The design a create or update body asks for: its top-level `width` and `height` (spec §3's names) win over the design's. */
export function designOf(body: { design: QrDesign; width?: number; height?: number }): QrDesign {
  return { ...body.design, width: body.width ?? body.design.width, height: body.height ?? body.design.height };
}

/** Splits a create or update body into the code's own fields and the content of its type. */
export function contentOf<Body extends { type: CodeContent['type'] }>(body: Body, own: readonly (keyof Body)[]): CodeContent {
  const content: Record<string, unknown> = { ...body };
  for (const key of own) delete content[key as string];
  // The contract's discriminated union has already checked that these fields belong to this type.
  return content as CodeContent;
}
