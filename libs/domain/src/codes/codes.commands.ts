import type { CodeContent, QrDesign, Role } from '@qr/contracts';

/**
 * Who acts on a code, with their role in the code's organisation as the handler found it. Codes
 * have no invariant that spans membership, so unlike the organisation stream the role comes from
 * the read model; a role changed a moment ago may act once more.
 */
export interface CodeActor {
  id: string;
  role: Role;
}

/** `code_id` is drawn by the handler; `base_code_id` names the code this one derives from. */
export interface CreateCode {
  type: 'CreateCode';
  actor: CodeActor;
  code_id: string;
  org_id: string;
  name: string;
  content: CodeContent;
  design: QrDesign;
  base_code_id: string | null;
}

export interface UpdateCode {
  type: 'UpdateCode';
  actor: CodeActor;
  name: string;
  content: CodeContent;
  design: QrDesign;
}

export interface PauseCode {
  type: 'PauseCode';
  actor: CodeActor;
}

export interface ResumeCode {
  type: 'ResumeCode';
  actor: CodeActor;
}

export interface DeleteCode {
  type: 'DeleteCode';
  actor: CodeActor;
}

export type CodeCommand = CreateCode | UpdateCode | PauseCode | ResumeCode | DeleteCode;
