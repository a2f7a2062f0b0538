// What other features use of passes: the wallet buttons of a visitor's loyalty card and event page.
export { EventTicketWallet, WalletButtons } from './wallet-buttons';
