import { Anchor, AspectRatio, Button, Group, Image, Stack, Text, Title, Typography } from '@mantine/core';
import type { PageBlock } from '@qr/contracts';
import { useEffect, useState, type ReactNode } from 'react';

/** Only web addresses become links or frames: blocks are written by an organization and read by anyone. */
const webHref = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/** The player address for an allow-listed video page (the API refuses other hosts). */
export function videoEmbedUrl(url: string): string | undefined {
  const parsed = new URL(url);
  const youtubeId = parsed.hostname === 'youtu.be' ? parsed.pathname.slice(1) : parsed.searchParams.get('v');
  if (parsed.hostname.endsWith('youtube.com') || parsed.hostname === 'youtu.be') {
    return youtubeId && /^[\w-]{6,20}$/.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : undefined;
  }
  const vimeoId = parsed.pathname.split('/').filter(Boolean).pop();
  return vimeoId && /^\d+$/.test(vimeoId) ? `https://player.vimeo.com/video/${vimeoId}` : undefined;
}

function Countdown({ until, label }: { until: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(until) - now);
  const parts: [number, string][] = [
    [Math.floor(left / 86_400_000), 'days'],
    [Math.floor(left / 3_600_000) % 24, 'hours'],
    [Math.floor(left / 60_000) % 60, 'minutes'],
    [Math.floor(left / 1000) % 60, 'seconds'],
  ];
  return (
    <Stack gap={4} align="center" aria-label={label || 'Countdown'}>
      {label && <Text fw={600}>{label}</Text>}
      <Group gap="md">
        {parts.map(([value, unit]) => (
          <Stack key={unit} gap={0} align="center">
            <Text size="xl" fw={700}>
              {value}
            </Text>
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * One block of a landing page. Rich text arrives sanitised (by the API on save, or by the editor's
 * preview for a draft), so it is shown as the HTML it is; everything else is plain text. The blocks a
 * visitor acts in, the registration form and the promo code entry, are drawn by the caller: the
 * visitor's page sends from them, the editor's preview does not.
 */
export function PageBlockView({ block, imageUrls, form, promo }: { block: PageBlock; imageUrls: Record<string, string>; form: ReactNode; promo: ReactNode }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Stack gap={4}>
          <Title order={1}>{block.title}</Title>
          {block.subtitle && <Text c="dimmed">{block.subtitle}</Text>}
        </Stack>
      );
    case 'text':
      return (
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: block.html }} />
        </Typography>
      );
    case 'image':
      return imageUrls[block.blob_id] ? <Image src={imageUrls[block.blob_id]} alt={block.alt} radius="md" /> : null;
    case 'button':
      return webHref(block.url) ? (
        <Button component="a" href={webHref(block.url)} target="_blank" rel="noopener noreferrer" size="md" fullWidth>
          {block.label}
        </Button>
      ) : null;
    case 'countdown':
      return <Countdown until={block.until} label={block.label} />;
    case 'video': {
      const src = videoEmbedUrl(block.url);
      return src ? (
        <AspectRatio ratio={16 / 9}>
          <iframe src={src} title="Video" allow="encrypted-media; picture-in-picture" allowFullScreen style={{ border: 0 }} />
        </AspectRatio>
      ) : null;
    }
    case 'map': {
      const { latitude: lat, longitude: lon } = block;
      return (
        <Anchor href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`} target="_blank" rel="noopener noreferrer">
          {block.label || 'Show the place on a map'}
        </Anchor>
      );
    }
    case 'social':
      return (
        <Group gap="sm">
          {block.links.map(({ network, url }) =>
            webHref(url) ? (
              <Anchor key={url} href={webHref(url)} target="_blank" rel="noopener noreferrer" tt="capitalize">
                {network}
              </Anchor>
            ) : null,
          )}
        </Group>
      );
    case 'form':
      return form;
    case 'promo':
      return promo;
  }
}
