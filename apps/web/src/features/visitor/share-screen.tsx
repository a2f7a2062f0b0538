import { Anchor, Button, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { CODE_ID_PATTERN } from '@qr/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CopyTextButton } from '../../components/copy-text-button';
import { PageLoader } from '../../components/page-loader';
import { smsLink } from './code-content-views';
import { CodeUnavailable, publicQrImageUrl, usePublicCode } from './public-code-api';
import { VisitorFrame } from './visitor-frame';

function NothingToShare({ why }: { why: string }) {
  return (
    <VisitorFrame>
      <Stack>
        <Title order={1}>Share a code</Title>
        <Text>{why}</Text>
      </Stack>
    </VisitorFrame>
  );
}

/** `/share?code={code_id}`: pass a code's public link on, with the phone's own share sheet where there is one. */
export default function ShareScreen() {
  const [params] = useSearchParams();
  const codeId = params.get('code') ?? '';
  const valid = CODE_ID_PATTERN.test(codeId);
  const code = usePublicCode(codeId, { enabled: valid });
  // Only an active code has an image to show; the link still explains itself when opened.
  const [imageMissing, setImageMissing] = useState(false);
  if (!valid) return <NothingToShare why="There is no code to share at this address. Open the share link from a code’s page." />;
  if (code.isPending)
    return (
      <VisitorFrame>
        <PageLoader />
      </VisitorFrame>
    );
  if (code.error instanceof CodeUnavailable) {
    return <NothingToShare why="This code cannot be shared: it may have been taken down, or the address is not complete." />;
  }
  const active = code.data?.status === 'active';
  const link = `${window.location.origin}/code/${codeId}`;
  const canShare = typeof navigator.share === 'function';
  const encoded = encodeURIComponent(link);
  return (
    <VisitorFrame organization={code.data?.owner}>
      <Stack>
        <Title order={1}>Share this code</Title>
        {code.data?.status === 'paused' && (
          <Text>{code.data.owner.name} has paused this code for now: whoever opens the link is told so until it is resumed.</Text>
        )}
        {active && !imageMissing && (
          <Stack gap={4} align="center">
            <Image src={publicQrImageUrl(codeId)} alt="The QR code" w={240} fit="contain" onError={() => setImageMissing(true)} />
            <Text size="sm" c="dimmed">
              Show this screen to scan it with another phone.
            </Text>
          </Stack>
        )}
        <TextInput label="Link" value={link} readOnly />
        <Group>
          {canShare && <Button onClick={() => void navigator.share({ url: link }).catch(() => undefined)}>Share…</Button>}
          <CopyTextButton value={link} label="Copy link" variant={canShare ? 'default' : 'filled'} />
        </Group>
        <Group gap="md">
          <Anchor href={`mailto:?body=${encoded}`}>Email</Anchor>
          <Anchor href={smsLink('', link)}>Text message</Anchor>
          <Anchor href={`https://wa.me/?text=${encoded}`} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </Anchor>
        </Group>
      </Stack>
    </VisitorFrame>
  );
}
