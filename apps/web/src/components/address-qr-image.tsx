import { Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A plain black-on-white QR code of a web address, drawn in the browser with lean-qr as the
 * visitor's Wi-Fi join code is: these addresses change (the venue code every day), so asking the
 * server's designed renderer for each would buy nothing (a loyalty programme's venue code, a
 * selfie wall's join code). Loaded when shown, so no chunk carries the QR library until it draws one.
 */
export function AddressQrImage({ url, alt, size }: { url: string; alt: string; size: number | string }) {
  const [drawn, setDrawn] = useState<{ url: string; src: string } | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([import('lean-qr'), import('lean-qr/extras/svg')])
      .then(([{ correction, generate }, { toSvgSource }]) => {
        const svg = toSvgSource(generate(url, { minCorrectionLevel: correction.M }), { pad: 4, on: '#000000', off: '#ffffff' });
        if (current) setDrawn({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => current && setDrawn('failed'));
    return () => {
      current = false;
    };
  }, [url]);
  if (drawn === 'failed') {
    return (
      <Text c="red" size="sm" role="alert">
        The QR code could not be drawn: reload the page to try again.
      </Text>
    );
  }
  if (drawn === null || drawn.url !== url) return <Skeleton w={size} h={size} maw="100%" />;
  return <Image src={drawn.src} alt={alt} w={size} maw="100%" style={{ aspectRatio: '1 / 1', imageRendering: 'pixelated' }} />;
}
