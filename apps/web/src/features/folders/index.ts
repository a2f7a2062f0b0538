// What other features use of folders: the codes list with filing, and the query keys to refresh.
export { CodesLoadFailure, FilingCodesTable, useFolders } from './code-filing';
export { folderKeys } from './folders-api';
