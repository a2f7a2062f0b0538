// What other features use of notes: a code's notes panel.
export { CodeNotesPanel } from './notes-panel';
