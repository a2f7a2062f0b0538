import type { CodeContent } from '@qr/contracts';
import VCard from 'vcard-creator';

type VcardContent = Extract<CodeContent, { type: 'vcard' }>;

/**
 * The .vcf of "add to contacts", in vCard 3.0: the version every phone's contacts app imports
 * (Android's reads 4.0 only in part). The library escapes, folds and CRLF-terminates the lines;
 * the photo is embedded, so the contact keeps it.
 */
export function vcardFile(card: VcardContent, photoJpeg?: Buffer): string {
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
