import { APPLE_PASS_STYLE, DomainError, PASS_IMAGE_SIZES, type PassBarcodeFormat, type PassImageRole } from '@qr/contracts';
import { PassType, PKPass, type Barcode, type Field } from 'passkit-generator';
import sharp from 'sharp';
import type { PassContent, PassFieldValue } from '../pass-content';
import type { AppleIssuer } from '../wallet-issuer';
import { checkAppleIssuer, issuerErrors } from './apple-issuer-health';

const BARCODE_FORMATS: Record<PassBarcodeFormat, Barcode['format']> = {
  qr: 'PKBarcodeFormatQR',
  pdf417: 'PKBarcodeFormatPDF417',
  aztec: 'PKBarcodeFormatAztec',
  code128: 'PKBarcodeFormatCode128',
};

/** A logo keeps its proportions within its box; a strip and an icon fill theirs. */
const FIT: Record<PassImageRole, 'inside' | 'cover'> = { logo: 'inside', strip: 'cover', icon: 'cover' };
const IMAGE_ROLES = Object.keys(PASS_IMAGE_SIZES) as PassImageRole[];

/** pass.json's colours are CSS `rgb()` triples (Apple's pass reference), not hex. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 0xff}, ${(value >> 8) & 0xff}, ${value & 0xff})`;
}

/** A field without a label leaves the optional `label` out (Apple's field reference) rather than naming an empty one. */
const fieldsOf = (fields: PassFieldValue[]): Field[] => fields.map(({ key, label, value }) => (label ? { key, label, value } : { key, value }));

/** Each image at @1x and @2x (PASS_IMAGE_SIZES are the @2x boxes): Wallet picks the one of the screen's scale. */
async function imageFiles(images: PassContent['images']): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const role of IMAGE_ROLES) {
    const png = images[role];
    if (!png) continue;
    const { width, height } = PASS_IMAGE_SIZES[role];
    const scaled = (scale: 1 | 2) =>
      sharp(png)
        .resize({ width: Math.round((width * scale) / 2), height: Math.round((height * scale) / 2), fit: FIT[role] })
        .png()
        .toBuffer();
    try {
      [files[`${role}.png`], files[`${role}@2x.png`]] = await Promise.all([scaled(1), scaled(2)]);
    } catch {
      throw new DomainError('pass_image_invalid', `The design’s ${role} image cannot be read as an image.`);
    }
  }
  return files;
}

/**
 * A signed .pkpass of a pass's content (Apple's pass reference: pass.json, the images, manifest.json
 * of their SHA-1s and its PKCS #7 signature by the pass type certificate, chained to the WWDR). An
 * issuer its health check would refuse now (a certificate that ended, a key of another certificate)
 * is refused here too, naming which part, rather than signing a pass Wallet would not open.
 */
export async function signPkpass(content: PassContent, issuer: AppleIssuer): Promise<Buffer> {
  const errors = issuerErrors(checkAppleIssuer(issuer, new Date()));
  if (errors.length > 0)
    throw new DomainError('pass_issuer_invalid', errors.map((problem) => problem.message).join(' '), { problems: errors.map((problem) => problem.code) });

  const logoText = content.logo_text || content.title;
  const pass = new PKPass(
    await imageFiles(content.images),
    { wwdr: issuer.wwdr_pem, signerCert: issuer.certificate_pem, signerKey: issuer.private_key_pem, signerKeyPassphrase: issuer.private_key_passphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: issuer.pass_type_identifier,
      teamIdentifier: issuer.team_identifier,
      serialNumber: content.pass_id,
      organizationName: content.organization_name || content.title,
      description: content.description,
      ...(logoText ? { logoText } : {}),
      backgroundColor: rgb(content.background_color),
      foregroundColor: rgb(content.foreground_color),
      labelColor: rgb(content.label_color),
      voided: content.voided,
      webServiceURL: content.web_service_url,
      authenticationToken: content.authentication_token,
    },
  );

  const style = new PassType(APPLE_PASS_STYLE[content.kind]);
  style.headerFields.push(...fieldsOf(content.header_fields));
  style.primaryFields.push(...fieldsOf(content.primary_fields));
  style.secondaryFields.push(...fieldsOf(content.secondary_fields));
  style.auxiliaryFields.push(...fieldsOf(content.auxiliary_fields));
  style.backFields.push(...fieldsOf(content.back_fields));
  pass.types.push(style);

  const { barcode } = content;
  pass.setBarcodes({
    format: BARCODE_FORMATS[barcode.format],
    message: barcode.message,
    messageEncoding: 'iso-8859-1',
    ...(barcode.alt_text ? { altText: barcode.alt_text } : {}),
  });
  if (content.locations.length > 0)
    pass.setLocations(
      ...content.locations.map(({ latitude, longitude, relevant_text }) => ({
        latitude,
        longitude,
        ...(relevant_text ? { relevantText: relevant_text } : {}),
      })),
    );
  if (content.relevant_date) pass.setRelevantDate(new Date(content.relevant_date));
  if (content.expiration_date) pass.setExpirationDate(new Date(content.expiration_date));

  try {
    return pass.getAsBuffer();
  } catch (cause) {
    // The check above read every part with OpenSSL; node-forge, which signs, reads them again and may still refuse one.
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError('pass_issuer_invalid', `The pass type certificate and its key could not sign the pass: ${reason}`);
  }
}
