import type { CodeContent } from '@qr/contracts';
import VCard from 'vcard-creator';

type VcardContent = Extract<CodeContent, { type: 'vcard' }>;

/**
 * vcard-creator escapes `\n` and `\r\n` but writes a lone `\r` as it is, which a contacts app reads
 * as the end of the line: the rest of a note would become a property of its own, or break the import.
 */
const withNewlines = (card: VcardContent): VcardContent =>
  Object.fromEntries(Object.entries(card).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value])) as VcardContent;

/**
 * The .vcf of "add to contacts", in vCard 3.0: the version every phone's contacts app imports
 * (Android's reads 4.0 only in part). The library escapes, folds and CRLF-terminates the lines;
 * the photo is embedded, so the contact keeps it.
 */
export function vcardFile(content: VcardContent, photoJpeg?: Buffer): string {
  const card = withNewlines(content);
  const vcard = new VCard();
  vcard.addName({ familyName: card.last_name ?? '', givenName: card.first_name });
  if (card.organization) vcard.addCompany({ name: card.organization });
  if (card.job_title) vcard.addJobtitle(card.job_title);
  if (card.phone) vcard.addPhoneNumber({ number: card.phone, type: ['work', 'voice'] });
  if (card.mobile) vcard.addPhoneNumber({ number: card.mobile, type: ['cell'] });
  if (card.email) vcard.addEmail({ address: card.email });
  if (card.website) vcard.addUrl({ url: card.website });
  if (card.street || card.city || card.zip || card.country) {
    vcard.addAddress({ street: card.street, locality: card.city, postalCode: card.zip, country: card.country, type: ['work'] });
  }
  if (card.note) vcard.addNote(card.note);
  if (photoJpeg) vcard.addPhoto({ image: photoJpeg.toString('base64'), mime: 'JPEG' });
  return vcard.toString();
}
