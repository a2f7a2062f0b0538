import { vcardFile } from './vcard-file';

/** The file's logical lines, as a contacts app reads them: CRLF-separated, folded lines joined. */
const linesOf = (vcf: string) => vcf.replace(/\r\n /g, '').split('\r\n');

describe('the .vcf of a business card', () => {
  it('escapes commas, semicolons, backslashes and line breaks, and keeps UTF-8 names whole', () => {
    const lines = linesOf(
      vcardFile({
        type: 'vcard',
        first_name: 'José',
        last_name: 'Müller, Jr.; II',
        organization: 'Analytical; Engines, Ltd',
        street: 'Main St 1, Apt 2\nBack door',
        city: 'Zürich',
        note: 'Ring twice; or call\\text',
      }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'N:Müller\\, Jr.\\; II;José;;;',
        'FN:José Müller\\, Jr.\\; II',
        'ORG:Analytical\\; Engines\\, Ltd',
        'ADR;TYPE=WORK:;;Main St 1\\, Apt 2\\nBack door;Zürich;;;',
        'NOTE:Ring twice\\; or call\\\\text',
      ]),
    );
  });

  it('keeps a note written with old Mac line breaks on its own line, so a phone imports it as one note', () => {
    const vcf = vcardFile({ type: 'vcard', first_name: 'Ada', note: 'Opening hours\rTEL:+1 900 555 0100\r\nClosed Sundays' });
    // A lone CR in a value ends the line for many parsers: here it would slip in a second phone number.
    expect(vcf).not.toMatch(/\r(?!\n)/);
    expect(linesOf(vcf)).toContain('NOTE:Opening hours\\nTEL:+1 900 555 0100\\nClosed Sundays');
    expect(linesOf(vcf).filter((line) => line.startsWith('TEL'))).toEqual([]);
  });
});
