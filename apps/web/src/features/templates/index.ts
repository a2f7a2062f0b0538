// What other features use of templates: saving a code's design as a template.
export { SaveTemplateDialog } from './save-template-dialog';
