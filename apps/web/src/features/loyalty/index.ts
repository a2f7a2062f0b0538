// What other features use of loyalty: the programmes of a code (the messaging audience's programme and tier filters).
export { loyaltyApi, loyaltyKeys } from './loyalty-api';
