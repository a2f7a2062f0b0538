import { Button, Group, Image, NumberInput, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fileNameOf, type CodeView, type QrImageFormat } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { codeKeys, codesApi, saveFile } from './codes-api';

/** The code's QR as the server draws it; fetched with the bearer token, shown from an object URL. */
export function QrImage({ code, size }: { code: Pick<CodeView, 'code_id' | 'updated_at' | 'name'>; size: number }) {
  const image = useQuery({ queryKey: codeKeys.image(code.code_id, code.updated_at), queryFn: () => codesApi.image(code.code_id, 'svg') });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return undefined;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  if (!url) return <Skeleton w={size} h={size} />;
  return <Image src={url} alt={`QR code of ${code.name}`} w={size} h={size} fit="contain" />;
}

/** Download buttons: SVG, PNG at a chosen size, PDF. */
export function QrDownloads({ code }: { code: Pick<CodeView, 'code_id' | 'name'> }) {
  const [size, setSize] = useState(1024);
  const [busy, setBusy] = useState<QrImageFormat | null>(null);
  const download = async (format: QrImageFormat) => {
    setBusy(format);
    try {
      saveFile(await codesApi.image(code.code_id, format, format === 'png' ? size : undefined), `${fileNameOf(code.name, 'qr-code')}.${format}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group align="flex-end">
      <Button variant="default" loading={busy === 'svg'} onClick={() => void download('svg')}>
        Download SVG
      </Button>
      <NumberInput label="PNG size (px)" min={128} max={4096} step={256} w={140} value={size} onChange={(value) => setSize(Number(value) || 1024)} />
      <Button variant="default" loading={busy === 'png'} onClick={() => void download('png')}>
        Download PNG
      </Button>
      <Button variant="default" loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        Download PDF
      </Button>
    </Group>
  );
}
