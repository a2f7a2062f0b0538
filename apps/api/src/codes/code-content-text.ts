import { dialable, mailtoLink, wifiJoinText, type CodeContent, type CodeView } from '@qr/contracts';
import { RequestValidationError } from '../http/problem-details';
import { vcardFile } from '../scans';
import { contentOfView } from './code-views';

/**
 * What a printed QR holds when it holds the code's content itself rather than its link
 * (`holds=content`), in the forms phones' cameras act on: join the network, call, write the text
 * or email, add the contact, open the address. Such a print cannot change later, and its scans
 * never reach the platform. A landing page has no such form: undefined.
 */
export function contentTextOf(content: CodeContent): string | undefined {
  switch (content.type) {
    case 'url':
      return content.url;
    case 'text':
      return content.text;
    case 'note':
      return content.title ? `${content.title}\n\n${content.text}` : content.text;
    case 'wifi':
      return wifiJoinText(content);
    case 'email':
      return mailtoLink(content.to, { subject: content.subject, body: content.body });
    case 'sms':
      return `SMSTO:${dialable(content.phone)}:${content.message ?? ''}`;
    case 'phone':
      return `tel:${dialable(content.phone)}`;
    case 'vcard':
      // The photo stays on the card page: embedded, it would need a code far too dense to print. The
      // file's producer and time stamp say nothing to a phone and would make the grid denser.
      return vcardFile(content).replace(/^(PRODID|REV):.*\r\n/gm, '');
    case 'page':
      return undefined;
  }
}

/** What a code's QR holds with `holds=content`; a landing page code is refused, naming the field. */
export function heldContentOf(code: CodeView): string {
  const text = contentTextOf(contentOfView(code));
  if (text === undefined)
    throw new RequestValidationError([{ field: 'query.holds', message: 'A landing page code can only hold its link: the page lives on this platform.' }]);
  return text;
}
