import { Stack } from '@mantine/core';
import { DEFAULT_THEME_STYLE, type PageBlock, type PageTheme, type ThemeStyle, type VisitorTheme } from '@qr/contracts';
import DOMPurify from 'dompurify';
import { useMyOrganizations } from '../organization';
import { PromoEntry } from '../promos';
import { VisitorThemeScope } from '../visitor';
import { PageBlockView } from './page-blocks';
import type { PageDraft } from './page-editor';
import { RegistrationFormView } from './registration-form-view';

/** The theme a visitor would get for this draft, resolved here as the server does for the saved page. */
export function previewTheme(theme: PageTheme, brandKit: ThemeStyle, imageUrls: Record<string, string>): VisitorTheme {
  if (theme.source === 'brand_kit') return { ...brandKit, background: { kind: 'colour' } };
  const { background } = theme;
  return {
    ...theme.style,
    background:
      background.kind === 'image'
        ? { kind: 'image', url: imageUrls[background.blob_id] ?? '', overlay: background.overlay, overlay_opacity: background.overlay_opacity }
        : background,
  };
}

/**
 * Rich text the visitor gets has been cleaned by the API's sanitiser on save; the draft's has not,
 * so the preview cleans it in the browser before showing it the way the visitor's page does.
 */
const cleaned = (block: PageBlock): PageBlock => (block.kind === 'text' ? { ...block, html: DOMPurify.sanitize(block.html) } : block);

/** The page as a visitor's phone shows it: the visitor's own blocks and form, in the page's theme. Nothing is sent from it. */
export function PagePreview({ draft, orgId, imageUrls }: { draft: PageDraft; orgId: string; imageUrls: Record<string, string> }) {
  const brandKit = useMyOrganizations().data?.find((organization) => organization.organization_id === orgId)?.brand_kit ?? DEFAULT_THEME_STYLE;
  return (
    <VisitorThemeScope theme={previewTheme(draft.theme, brandKit, imageUrls)} style={{ padding: 'var(--mantine-spacing-md)', minHeight: '100%' }}>
      <Stack gap="lg">
        {draft.blocks.map((block, index) => (
          <PageBlockView
            key={index}
            block={cleaned(block)}
            imageUrls={imageUrls}
            form={
              block.kind === 'form' ? (
                <RegistrationFormView pageId="" form={draft.form} submitLabel={block.submit_label} preview onSubmitted={() => undefined} />
              ) : null
            }
            promo={block.kind === 'promo' ? <PromoEntry qrId="" title={block.title} buttonLabel={block.button_label} preview /> : null}
          />
        ))}
      </Stack>
    </VisitorThemeScope>
  );
}
