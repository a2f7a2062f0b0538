import { ClonesCreatedView, CodeCreatedView, CodeView, type CloneCodeBody, type CloneMultipleInput, type DuplicateCodeBody } from '@qr/contracts';
import { z } from 'zod';
import { call } from '../../api/api-call';
import { codeKeys } from '../codes';

const base = '/api/v1/codes';
const codePath = (codeId: string) => `${base}/${encodeURIComponent(codeId)}`;

/** Clones live under the codes' keys, so a new clone shows in every code list at once. */
export const cloneKeys = { children: (codeId: string) => [...codeKeys.all, 'children', codeId] as const };

export const clonesApi = {
  clone: (codeId: string, body: Partial<CloneCodeBody> = {}) =>
    call(CodeCreatedView, `${codePath(codeId)}/clone`, { method: 'POST', body: JSON.stringify(body) }),
  duplicate: (codeId: string, body: DuplicateCodeBody = {}) =>
    call(CodeCreatedView, `${codePath(codeId)}/duplicate`, { method: 'POST', body: JSON.stringify(body) }),
  cloneMultiple: (body: CloneMultipleInput) => call(ClonesCreatedView, `${base}/clone-multiple`, { method: 'POST', body: JSON.stringify(body) }),
  /** Spec "get-child": the clones of a base code. */
  children: (codeId: string) => call(z.array(CodeView), `${codePath(codeId)}/children`),
};
