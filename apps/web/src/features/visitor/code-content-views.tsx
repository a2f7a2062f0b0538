import { Anchor, Avatar, Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { dialable, mailtoLink, needsUtf8Eci, UTF8_ECI, WifiEncryption, wifiJoinText, type PublicCodeView, type WifiNetwork } from '@qr/contracts';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { CopyTextButton } from '../../components/copy-text-button';
import { field, vcardDownloadUrl } from './public-code-api';

/**
 * An `sms:` link with its text, for both phones: Android reads the query (`?body=`), iOS since 8
 * reads `&body=` after the number; `?&body=` is both.
 */
export const smsLink = (phone: string, message: string | undefined) => `sms:${dialable(phone)}${message ? `?&body=${encodeURIComponent(message)}` : ''}`;

/** Only web addresses become links: content is typed by an organization and read by anyone. */
const webHref = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

export function BusinessCard({ code }: { code: PublicCodeView }) {
  const name = [field(code, 'first_name'), field(code, 'last_name')].filter(Boolean).join(' ');
  const lines: [string, string | undefined, string | undefined][] = [
    ['Phone', field(code, 'phone'), field(code, 'phone') && `tel:${dialable(field(code, 'phone')!)}`],
    ['Mobile', field(code, 'mobile'), field(code, 'mobile') && `tel:${dialable(field(code, 'mobile')!)}`],
    ['Email', field(code, 'email'), field(code, 'email') && mailtoLink(field(code, 'email')!)],
    ['Website', field(code, 'website'), webHref(field(code, 'website'))],
  ];
  const address = [field(code, 'street'), [field(code, 'zip'), field(code, 'city')].filter(Boolean).join(' '), field(code, 'country')]
    .filter(Boolean)
    .join(', ');
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label="Business card" style={BREAK_ANYWHERE}>
      <Stack gap="xs">
        {/* The API only ever gives a link it signed to the organization's own upload. */}
        {webHref(field(code, 'photo_url')) && <Avatar src={webHref(field(code, 'photo_url'))} alt={`Photo of ${name}`} size={96} radius={96} />}
        <Title order={1} size="h2">
          {name}
        </Title>
        {(field(code, 'job_title') || field(code, 'organization')) && (
          <Text c="dimmed">{[field(code, 'job_title'), field(code, 'organization')].filter(Boolean).join(', ')}</Text>
        )}
        {lines
          .filter(([, value]) => value)
          .map(([label, value, href]) => (
            <Text key={label}>
              <Text span fw={600}>
                {label}:{' '}
              </Text>
              {href ? <Anchor href={href}>{value}</Anchor> : value}
            </Text>
          ))}
        {address && <Text>{address}</Text>}
        {field(code, 'note') && <Text style={{ whiteSpace: 'pre-wrap' }}>{field(code, 'note')}</Text>}
        <Button component="a" href={vcardDownloadUrl(code.code_id)} size="md" mt="sm">
          Add to contacts
        </Button>
      </Stack>
    </Card>
  );
}

export function NoteView({ code }: { code: PublicCodeView }) {
  return (
    <Stack component="article" style={BREAK_ANYWHERE}>
      <Title order={1}>{field(code, 'title') ?? 'Note'}</Title>
      <Text size="lg" style={{ whiteSpace: 'pre-wrap' }}>
        {field(code, 'text')}
      </Text>
    </Stack>
  );
}

/**
 * A code of the network itself for a second phone, say a friend's at the same table: its camera
 * offers to join at once. Drawn only when asked, so a visitor who just reads the password loads no
 * QR library.
 */
function JoinCode({ network }: { network: WifiNetwork }) {
  const [image, setImage] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [failed, setFailed] = useState(false);
  const draw = async () => {
    setDrawing(true);
    setFailed(false);
    try {
      const [{ correction, generate, mode }, { toSvgSource }] = await Promise.all([import('lean-qr'), import('lean-qr/extras/svg')]);
      const text = wifiJoinText(network);
      // A network named "Café" must read as Café on every phone: the UTF-8 ECI first, as on prints.
      const content = needsUtf8Eci(text) ? mode.multi(mode.eci(UTF8_ECI), mode.bytes(new TextEncoder().encode(text))) : text;
      const svg = toSvgSource(generate(content, { minCorrectionLevel: correction.M }), { pad: 4, on: '#000000', off: '#ffffff' });
      setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    } catch {
      setFailed(true);
    } finally {
      setDrawing(false);
    }
  };
  if (image) {
    return (
      <Stack gap={4} align="flex-start">
        <Image src={image} alt={`Code to join ${network.ssid}`} w={220} h={220} />
        <Text c="dimmed" size="sm">
          Another phone’s camera offers to join {network.ssid} from this code.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" onClick={() => void draw()} loading={drawing}>
        Show a code for another phone
      </Button>
      {failed && (
        <Text c="red" size="sm" role="alert">
          The code could not be drawn: check your connection and try again.
        </Text>
      )}
    </Stack>
  );
}

/** The contract's default where a page is given no (or an unknown) security. */
const encryptionOf = WifiEncryption.catch('WPA');

function WifiView({ code }: { code: PublicCodeView }) {
  const password = field(code, 'password');
  const encryption = encryptionOf.parse(code['encryption']);
  const network: WifiNetwork = { ssid: field(code, 'ssid') ?? '', password, encryption, hidden: code['hidden'] === true };
  return (
    <Stack style={BREAK_ANYWHERE}>
      <Title order={1}>Wi-Fi: {field(code, 'ssid')}</Title>
      <Text>
        Network <strong>{field(code, 'ssid')}</strong>
        {encryption === 'nopass' ? ', open (no password).' : `, ${encryption} security.`}
      </Text>
      {password && (
        <Group>
          <Text>
            Password: <strong>{password}</strong>
          </Text>
          <CopyTextButton value={password} label="Copy password" />
        </Group>
      )}
      <Text c="dimmed">
        {code['hidden'] === true
          ? `To join, open Wi-Fi in your phone’s settings, choose “Other network” and type ${field(code, 'ssid')}`
          : `To join, open Wi-Fi in your phone’s settings and choose ${field(code, 'ssid')}`}
        {password ? ', then paste the password.' : '.'}
      </Text>
      <JoinCode network={network} />
    </Stack>
  );
}

/** A plain text code is read on the spot or kept: a visitor may need it elsewhere, e.g. a booking reference. */
function TextView({ text }: { text: string }) {
  return (
    <Stack align="flex-start">
      {/* The text is the page: its heading is for those who find their way by headings. */}
      <VisuallyHidden>
        <Title order={1}>Text from this code</Title>
      </VisuallyHidden>
      <Text size="xl" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <CopyTextButton value={text} label="Copy the text" />
    </Stack>
  );
}

/** `lines` say what the action will do, e.g. to whom; empty ones are left out. */
function ActionView({ title, lines = [], href, action }: { title: string; lines?: (string | undefined)[]; href: string; action: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      <Button component="a" href={href} size="md">
        {action}
      </Button>
    </Stack>
  );
}

/** What `/code/{id}` shows for each type (spec §2 "Conditional public code page"); never the code's name, which is its owner's. */
export function CodeContentView({ code }: { code: PublicCodeView }) {
  switch (code.type) {
    case 'url': {
      const target = webHref(field(code, 'url'));
      return <ActionView title="This code opens a web page" lines={[target]} href={target ?? '/'} action="Open the link" />;
    }
    case 'vcard':
      return <BusinessCard code={code} />;
    case 'note':
      return <NoteView code={code} />;
    case 'text':
      return <TextView text={field(code, 'text') ?? ''} />;
    case 'wifi':
      return <WifiView code={code} />;
    case 'email': {
      const subject = field(code, 'subject');
      const body = field(code, 'body');
      const to = field(code, 'to') ?? '';
      return (
        <ActionView
          title="Write an email"
          lines={[`To: ${to}`, subject && `Subject: ${subject}`, body]}
          href={mailtoLink(to, { subject, body })}
          action="Write the email"
        />
      );
    }
    case 'sms': {
      const phone = field(code, 'phone') ?? '';
      const message = field(code, 'message');
      return <ActionView title="Send a text message" lines={[`To: ${phone}`, message]} href={smsLink(phone, message)} action="Send the text message" />;
    }
    case 'phone': {
      const phone = field(code, 'phone') ?? '';
      return <ActionView title={`Call ${phone}`} href={`tel:${dialable(phone)}`} action="Call" />;
    }
    case 'page':
      // A page code's link shows its landing page.
      return <Navigate replace to={`/page/${code.code_id}`} />;
  }
}
