import { Image } from '@mantine/core';
import { correction, generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/**
 * Where the card's code takes a staff member's phone: the member's screen in the admin area, where
 * they post a stamp or a purchase and hand over a reward (the staff's own sign-in opens it).
 */
export const memberScreenUrl = (programmeId: string, cardId: string) => `${window.location.origin}/admin/loyalty/${programmeId}/members/${cardId}`;

/**
 * The card's QR code, drawn on the phone (the address is ASCII, so it needs no ECI): black on white
 * whatever the brand, with a quiet zone, as a counter's scanner reads best.
 */
export function CardQr({ programmeId, cardId }: { programmeId: string; cardId: string }) {
  const src = useMemo(() => {
    const svg = toSvgSource(generate(memberScreenUrl(programmeId, cardId), { minCorrectionLevel: correction.M }), {
      pad: 4,
      on: '#000000',
      off: '#ffffff',
    });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [programmeId, cardId]);
  return <Image src={src} alt="Your card’s code, for staff to scan" w={200} h={200} />;
}
