import { parse } from 'content-disposition';
import { attachmentNamed } from './attachment';

/** The name a browser that reads `filename*` saves under, and the one the others use. */
const savedAs = (header: string) => ({ typed: parse(header).parameters['filename'], ascii: parse(header, { extended: false }).parameters['filename'] });

test('a download keeps its name as typed for browsers that read filename*, with an ASCII spelling for the rest', () => {
  expect(savedAs(attachmentNamed('Café menü 東京', 'png', 'qr-code'))).toEqual({ typed: 'Café menü 東京.png', ascii: 'Cafe-menu.png' });
  expect(savedAs(attachmentNamed('Shop window', 'pdf', 'qr-code'))).toEqual({ typed: 'Shop window.pdf', ascii: 'Shop-window.pdf' });
  expect(savedAs(attachmentNamed('Poster: spring!', 'png', 'qr-code'))).toEqual({ typed: 'Poster- spring!.png', ascii: 'Poster-spring.png' });
});

test('no path, quote or control character reaches the file name, and an empty name is named otherwise', () => {
  const header = attachmentNamed('../../etc/"passwd"\r\nX-Evil: 1', 'vcf', 'contact');
  expect(header).not.toMatch(/[\r\n]/);
  expect(savedAs(header).typed).toBe('..-..-etc-passwd-X-Evil- 1.vcf');
  expect(savedAs(attachmentNamed('東京', 'vcf', 'contact'))).toEqual({ typed: '東京.vcf', ascii: 'contact.vcf' });
  expect(savedAs(attachmentNamed('  ', 'vcf', 'contact'))).toEqual({ typed: 'contact.vcf', ascii: 'contact.vcf' });
});
