import { Group, Image, NumberInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fileNameOf, type CodeType, type CodeView, type QrHolds, type QrImageFormat } from '@qr/contracts';
import { useState } from 'react';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { BusyButton } from './busy-button';
import { codeKeys, codesApi, saveFile } from './codes-api';

/**
 * An image as a data URL. An object URL would have to be revoked, and one revoked while an <img> still
 * loads it fails (ERR_FILE_NOT_FOUND) each time the QR is drawn again; a data URL needs no revoking.
 */
function dataUrlOf(image: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(image);
  });
}

/**
 * The code's QR as the server draws it; fetched with the bearer token, so shown from a data URL rather than linked.
 * A code that cannot hold its content in its design says why at once: asking again changes nothing.
 */
export function QrImage({ code, size, holds = 'link' }: { code: Pick<CodeView, 'code_id' | 'updated_at' | 'name'>; size: number; holds?: QrHolds }) {
  const image = useQuery({
    queryKey: codeKeys.image(code.code_id, code.updated_at, holds),
    queryFn: async () => dataUrlOf(await codesApi.image(code.code_id, 'svg', undefined, holds)),
    retry: retryUnlessRefused,
  });
  if (image.isError) {
    return (
      <Text c="red" size="sm" role="alert" maw={480}>
        {describeError(image.error)}
      </Text>
    );
  }
  if (image.isPending) return <Skeleton w={size} h={size} />;
  return <Image src={image.data} alt={`QR code of ${code.name}`} w={size} h={size} fit="contain" />;
}

/** What a phone's camera does with a code printed holding its content; a landing page has only its link. */
const CONTENT_ACTION: Record<Exclude<CodeType, 'page'>, string> = {
  url: 'The camera opens the web address itself.',
  vcard: 'The camera offers to add the contact (without the photo).',
  note: 'The camera shows the note.',
  text: 'The camera shows the text.',
  wifi: 'The camera offers to join the network at once.',
  email: 'The camera offers to write the email.',
  sms: 'The camera offers to send the text message.',
  phone: 'The camera offers to call.',
};

/** A code may be printed with its content itself: phones act on it offline, at the cost of what a link gives. */
function HoldsChoice({ type, holds, onChange }: { type: Exclude<CodeType, 'page'>; holds: QrHolds; onChange: (holds: QrHolds) => void }) {
  return (
    <Radio.Group label="The printed code holds" value={holds} onChange={(value) => onChange(value as QrHolds)}>
      <Stack gap="xs" mt={4}>
        <Radio value="link" label="A link to this code" description="You can change what it shows later, and its scans are counted." />
        <Radio
          value="content"
          label="The content itself"
          description={`${CONTENT_ACTION[type]} A change means printing it again, and its scans are not counted.`}
        />
      </Stack>
    </Radio.Group>
  );
}

/** The code's QR and its downloads (SVG, PNG at a chosen size, PDF), holding its link or its content as chosen. */
export function QrDownloads({ code, previewSize }: { code: Pick<CodeView, 'code_id' | 'name' | 'type' | 'updated_at'>; previewSize: number }) {
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
      <QrImage code={code} size={previewSize} holds={holds} />
      {code.type !== 'page' && <HoldsChoice type={code.type} holds={holds} onChange={setHolds} />}
      <Group align="flex-end">
        <BusyButton variant="default" busy={busy === 'svg'} onClick={() => void download('svg')}>
          Download SVG
        </BusyButton>
        <NumberInput label="PNG size (px)" min={128} max={4096} step={256} w={140} value={size} onChange={(value) => setSize(Number(value) || 1024)} />
        <BusyButton variant="default" busy={busy === 'png'} onClick={() => void download('png')}>
          Download PNG
        </BusyButton>
        <BusyButton variant="default" busy={busy === 'pdf'} onClick={() => void download('pdf')}>
          Download PDF
        </BusyButton>
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
