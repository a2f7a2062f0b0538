// What other features use of loyalty: the programmes of a code (the messaging audience's programme and
// tier filters) and the table that scrolls sideways on a phone.
export { loyaltyApi, loyaltyKeys } from './loyalty-api';
export { ScrollingTable } from './loyalty-scrolling-table';
