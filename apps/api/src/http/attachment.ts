import { fileNameOf } from '@qr/contracts';
import { create } from 'content-disposition';

/**
 * The Content-Disposition of a download named after something a user typed ("Café menu", "東京"):
 * browsers that read RFC 6266's `filename*` save it under the name as typed, the others under an
 * ASCII spelling of it, accents dropped. `otherwise` names it when nothing of the name is left.
 */
export function attachmentNamed(name: string, extension: string, otherwise: string): string {
  const typed = fileNameOf(name, otherwise);
  const ascii =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || otherwise;
  return create(`${typed}.${extension}`, { fallback: `${ascii}.${extension}` });
}
