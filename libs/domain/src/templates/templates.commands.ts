import type { CodeActor } from '../codes';
import type { TemplateSaved } from './templates.events';

/** `template_id` is drawn by the handler, which has checked the source code and the page's images. */
export interface SaveTemplate extends Omit<TemplateSaved['data'], 'saved_by'> {
  type: 'SaveTemplate';
  actor: CodeActor;
}

export interface DeleteTemplate {
  type: 'DeleteTemplate';
  actor: CodeActor;
}

export type TemplateCommand = SaveTemplate | DeleteTemplate;
