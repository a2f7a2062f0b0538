import type { CodeContent } from '@qr/contracts';
import { cloneContent, cloneName } from './clones';

const url: CodeContent = { type: 'url', url: 'https://example.com/menu' };
const wifi: CodeContent = { type: 'wifi', ssid: 'Cafe', password: 'espresso', encryption: 'WPA', hidden: false };

describe('a clone', () => {
  it('is named after its base, numbered when there are several, and never longer than a name may be', () => {
    expect(cloneName('Menu')).toBe('Menu (copy)');
    expect(cloneName('Menu', 3)).toBe('Menu (copy 3)');
    expect(cloneName('x'.repeat(120))).toHaveLength(120);
  });

  it('keeps the base content where the override says nothing, and takes the override where it does', () => {
    expect(cloneContent(url, {})).toEqual({ ok: true, content: url });
    expect(cloneContent(url, { name: 'Table 4', url: 'https://example.com/t4' })).toEqual({
      ok: true,
      content: { type: 'url', url: 'https://example.com/t4' },
    });
    expect(cloneContent(wifi, { ssid: 'Terrace' })).toEqual({ ok: true, content: { ...wifi, ssid: 'Terrace' } });
  });

  it('refuses a bad value, a field of another type and a change of type, each by name', () => {
    expect(cloneContent(url, { url: 'javascript:alert(1)' })).toMatchObject({ ok: false, problems: [{ field: 'url' }] });
    expect(cloneContent(url, { ssid: 'Cafe' })).toEqual({ ok: false, problems: [{ field: 'ssid', message: 'A url code has no field "ssid".' }] });
    expect(cloneContent(url, { type: 'note', text: 'hi' })).toMatchObject({ ok: false, problems: [{ field: 'type' }] });
  });
});
