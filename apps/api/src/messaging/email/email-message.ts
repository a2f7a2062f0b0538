import { renderTemplate, type PersonalValues } from '@qr/contracts';
import { escapeHtml } from '../../http/escape-html';
import type { ComposedMessage } from '../messaging-outbox';

/** One QR image an email carries, and the link it encodes. */
export interface EmailQrFile {
  filename: string;
  content_type: string;
  content: Buffer;
  /** Set when the image shows in the body (`<img src="cid:…">`); otherwise it is an attachment. */
  cid?: string;
  width: number;
  height: number;
  link: string;
}

/** An email as composed: what the outbox keeps, plus what only an SMTP server needs. */
export interface ComposedEmail extends ComposedMessage {
  message_id: string;
  headers: Record<string, string>;
}

export interface EmailDraft {
  delivery_id: string;
  recipient: string;
  subject: string;
  message: string;
  values: PersonalValues;
  qr: readonly EmailQrFile[];
  /** The page the footer links to, and the RFC 8058 one-click address of `List-Unsubscribe`. */
  unsubscribe: { page: string; one_click: string };
  /** The host of PUBLIC_URL: the right-hand side of every Message-ID this server makes. */
  host: string;
}

const FOOTER_TEXT = 'You get this email because you agreed to hear from us. To stop, unsubscribe:';

/** Staff write plain text: shown as written, each line break kept. */
const htmlOfText = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

/**
 * A delivery's email: the subject and message with the recipient's fields, an HTML part (QR images
 * inline where placed so) and a text part, a visible unsubscribe link and RFC 8058's one-click
 * headers. The Message-ID comes from the delivery's id, so a resend after a crash between the
 * server's acceptance and the settling of the row is the same message to receivers that
 * de-duplicate by it (RFC 5322 §3.6.4).
 */
export function composeEmail(draft: EmailDraft): ComposedEmail {
  const values: PersonalValues = { ...draft.values, unsubscribe_url: draft.unsubscribe.page };
  const subject = renderTemplate(draft.subject, values).replace(/[\r\n]+/g, ' ');
  const message = renderTemplate(draft.message, values);
  const inline = draft.qr.filter((file) => file.cid);
  const attached = draft.qr.filter((file) => !file.cid);
  const images = inline
    .map((file) => `<p><img src="cid:${escapeHtml(file.cid!)}" width="${file.width}" height="${file.height}" alt="QR code: ${escapeHtml(file.link)}"></p>`)
    .join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#212529">
<p>${htmlOfText(message)}</p>
${images}
<hr>
<p style="font-size:12px;color:#495057">${escapeHtml(FOOTER_TEXT)} <a href="${escapeHtml(draft.unsubscribe.page)}">Unsubscribe</a></p>
</body></html>
`;
  const links = draft.qr.length > 0 ? `\n\n${draft.qr.map((file) => `${attached.includes(file) ? file.filename : 'QR code'}: ${file.link}`).join('\n')}` : '';
  const text = `${message}${links}\n\n--\n${FOOTER_TEXT}\n${draft.unsubscribe.page}\n`;
  return {
    channel: 'email',
    recipient: draft.recipient,
    subject,
    text,
    html,
    attachments: draft.qr.map(({ filename, content_type, content, cid }) => ({ filename, content_type, content, ...(cid ? { cid } : {}) })),
    message_id: `<${draft.delivery_id}@${draft.host}>`,
    headers: {
      'List-Unsubscribe': `<${draft.unsubscribe.one_click}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
