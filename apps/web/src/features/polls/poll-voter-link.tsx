import { pollVoterPath } from '@qr/contracts';

/** The voters' page as a phone reaches it: absolute, for the QR code and the link staff share. */
export const voterUrlOf = (pollId: string): string => `${window.location.origin}${pollVoterPath(pollId)}`;

/** The voter link without its scheme, short enough to read off a big screen and type. */
export const shortVoterLinkOf = (pollId: string): string => voterUrlOf(pollId).replace(/^https?:\/\//, '');
