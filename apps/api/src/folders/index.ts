// What other contexts use of folders: the query of one folder (a list of codes narrowed to a folder checks it).
export { GetFolder } from './folders.queries';
