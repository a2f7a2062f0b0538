import { Button, Group, Image, NumberInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fileNameOf, type CodeView, type QrHolds, type QrImageFormat } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { describeError } from '../organisation/organisation-api';
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

/** A Wi-Fi code may be printed with the network itself: phones join at once, at the cost of what a link gives. */
function HoldsChoice({ holds, onChange }: { holds: QrHolds; onChange: (holds: QrHolds) => void }) {
  return (
    <Radio.Group label="The printed code holds" value={holds} onChange={(value) => onChange(value as QrHolds)}>
      <Stack gap="xs" mt={4}>
        <Radio value="link" label="A link to this code" description="Opens the network’s page with its password. You can change the network later, and scans are counted." />
        <Radio
          value="network"
          label="The network itself"
          description="The camera offers to join at once. Changing the network or password means printing it again, and its scans are not counted."
        />
      </Stack>
    </Radio.Group>
  );
}

/** Download buttons: SVG, PNG at a chosen size, PDF. */
export function QrDownloads({ code }: { code: Pick<CodeView, 'code_id' | 'name' | 'type'> }) {
  const [size, setSize] = useState(1024);
  const [holds, setHolds] = useState<QrHolds>('link');
  const [busy, setBusy] = useState<QrImageFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: QrImageFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      saveFile(await codesApi.image(code.code_id, format, format === 'png' ? size : undefined, holds), `${fileNameOf(code.name, 'qr-code')}.${format}`);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      {code.type === 'wifi' && <HoldsChoice holds={holds} onChange={setHolds} />}
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
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
