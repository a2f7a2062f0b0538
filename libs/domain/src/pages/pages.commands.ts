import type { CodeActor } from '../codes';
import type { PageContent } from './pages.events';

/** `page_id` is drawn by the handler, which has checked that the code is the organisation's. */
export interface CreatePage extends PageContent {
  type: 'CreatePage';
  actor: CodeActor;
  page_id: string;
  code_id: string;
  org_id: string;
}

export interface UpdatePage extends PageContent {
  type: 'UpdatePage';
  actor: CodeActor;
}

export interface DeletePage {
  type: 'DeletePage';
  actor: CodeActor;
}

export type PageCommand = CreatePage | UpdatePage | DeletePage;
