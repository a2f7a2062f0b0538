import { BrandKit, BRAND_FONTS, PAGE_THEME_PRESETS, PageTheme, themeContrastProblems, contrastProblemMessage, DEFAULT_THEME_STYLE } from './brand';

describe('brand vocabulary', () => {
  it('ships at least eight font families and six page theme presets', () => {
    expect(BRAND_FONTS.length).toBeGreaterThanOrEqual(8);
    expect(PAGE_THEME_PRESETS.length).toBeGreaterThanOrEqual(6);
  });

  it('has every preset pass WCAG AA, and parse as a page theme', () => {
    for (const preset of PAGE_THEME_PRESETS) {
      expect([preset.id, themeContrastProblems(preset.style, preset.background)]).toEqual([preset.id, []]);
      expect(PageTheme.parse({ source: 'custom', preset: preset.id, style: preset.style, background: preset.background })).toBeTruthy();
    }
  });

  it('names the failing pair and by how much', () => {
    const grey = { ...DEFAULT_THEME_STYLE, dark: null, light: { ...DEFAULT_THEME_STYLE.light, text: '#999999' } };
    const problems = themeContrastProblems(grey);
    expect(problems.map(contrastProblemMessage)).toContain('Body text on the background (light): 2.9:1, needs 4.5:1.');
  });

  it('checks text over an image against its overlay over black and over white', () => {
    const problems = themeContrastProblems(DEFAULT_THEME_STYLE, {
      kind: 'image',
      blob_id: '6f1c2e1a-3b4c-4d5e-8f90-a1b2c3d4e5f6',
      overlay: '#ffffff',
      overlay_opacity: 0.3,
    });
    expect(problems.some((problem) => problem.pair === 'Body text on the background')).toBe(true);
  });

  it('refuses to save a brand kit or page theme that fails, with the pair in the message', () => {
    const grey = { ...DEFAULT_THEME_STYLE, dark: null, light: { ...DEFAULT_THEME_STYLE.light, text: '#999999' } };
    const kit = BrandKit.safeParse(grey);
    expect(kit.success).toBe(false);
    expect(kit.error?.issues.map((issue) => issue.message)).toContain('Body text on the background (light): 2.9:1, needs 4.5:1.');
    const page = PageTheme.safeParse({ source: 'custom', style: DEFAULT_THEME_STYLE, background: { kind: 'gradient', from: '#000000', to: '#ffffff' } });
    expect(page.success).toBe(false);
    expect(page.error?.issues[0]?.path).toEqual(['style']);
  });
});
