// The staff's game screens, one chunk for the route table to load lazily.
export { GameDetailScreen } from './game-detail-screen';
export { GamesScreen } from './games-screen';
export { VoucherRedeemScreen } from './voucher-redeem-screen';
