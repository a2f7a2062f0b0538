import type { CodeContent } from '@qr/contracts';

type VcardContent = Extract<CodeContent, { type: 'vcard' }>;

/** RFC 6350 §3.4: backslash, comma, semicolon and newline are escaped in text values. */
const text = (value: string | undefined) => (value ?? '').replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** RFC 6350 §3.2: a line longer than 75 characters continues on lines that start with a space (a photo's base64 is thousands). */
const MAX_LINE = 75;
const fold = (line: string) => (line.match(new RegExp(`.{1,${MAX_LINE - 1}}`, 'g')) ?? ['']).join('\r\n ');

/** A vCard 4.0 file for "add to contacts"; lines are CRLF-terminated as the RFC asks. The photo is embedded, so the contact keeps it. */
export function vcardFile(card: VcardContent, photoJpeg?: Buffer): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${text([card.first_name, card.last_name].filter(Boolean).join(' '))}`,
    `N:${text(card.last_name)};${text(card.first_name)};;;`,
    card.organization && `ORG:${text(card.organization)}`,
    card.job_title && `TITLE:${text(card.job_title)}`,
    card.phone && `TEL;TYPE=work,voice;VALUE=uri:tel:${card.phone.replace(/[^\d+]/g, '')}`,
    card.mobile && `TEL;TYPE=cell;VALUE=uri:tel:${card.mobile.replace(/[^\d+]/g, '')}`,
    card.email && `EMAIL:${text(card.email)}`,
    card.website && `URL:${card.website}`,
    (card.street || card.city || card.zip || card.country) && `ADR:;;${text(card.street)};${text(card.city)};;${text(card.zip)};${text(card.country)}`,
    card.note && `NOTE:${text(card.note)}`,
    photoJpeg && `PHOTO:data:image/jpeg;base64,${photoJpeg.toString('base64')}`,
    'END:VCARD',
  ];
  return `${lines.filter((line): line is string => Boolean(line)).map(fold).join('\r\n')}\r\n`;
}
