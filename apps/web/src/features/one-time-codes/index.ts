// What other features use of one-time codes: a code's one-time codes panel.
export { OneTimeCodesPanel } from './one-time-codes-panel';
