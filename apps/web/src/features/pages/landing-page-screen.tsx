import { Alert, Stack, Text, Title } from '@mantine/core';
import type { PublicPageView } from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { EventAccessGuard, publicEventChecks } from '../experiences';
import { PushOptIn } from '../messaging';
import { EventTicketWallet } from '../passes';
import { PromoEntry } from '../promos';
import { ThankYou, VisitorFrame } from '../visitor';
import { PageBlockView } from './page-blocks';
import { fetchPublicPage, PageNotBuilt, PagePaused, PageUnavailable, type PageLookup } from './public-page-api';
import { RegistrationFormView } from './registration-form-view';
import type { ServedForm, ServedPage } from './served-page';
import { ReturningVisitor } from './returning-visitor';

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <VisitorFrame>
      <Stack>
        <Title order={1}>{title}</Title>
        <Text>{text}</Text>
      </Stack>
    </VisitorFrame>
  );
}

const UNAVAILABLE = { title: 'This page is not available', text: 'It may have been taken down, or the address is not complete.' };
const PAUSED = { title: 'This page is paused', text: 'The organisation behind it has paused it for now. Please try again later.' };

function Refusal({ refusal, detail }: Extract<ServedPage, { refusal: unknown }>) {
  if (refusal === 'paused') return <Notice title={PAUSED.title} text={detail || PAUSED.text} />;
  if (refusal === 'not_built') return <Notice title="This page is not ready yet" text={detail} />;
  return <Notice {...UNAVAILABLE} />;
}

/**
 * `/page/{id}` (a page id, or its code's id) and `/p/{name}`: a landing page behind the event-access
 * guard (spec §2, §4). The guard asks by the page's own id once the page is found, so a vanity name
 * and a code id are checked against the same page's event data. Rendered on the server, it starts
 * from what the server `served`, so the first paint already holds the content and form.
 */
export function LandingPageScreen({
  lookup,
  served,
  form,
  thanked = false,
}: {
  lookup: PageLookup;
  served?: ServedPage;
  form?: ServedForm;
  thanked?: boolean;
}) {
  const servedPage = served && 'page' in served ? served.page : undefined;
  const page = useQuery({
    queryKey: ['public-page', lookup],
    queryFn: () => fetchPublicPage(lookup),
    initialData: servedPage,
    enabled: served === undefined,
    retry: (count, error) => !(error instanceof PageUnavailable || error instanceof PagePaused || error instanceof PageNotBuilt) && count < 3,
  });
  if (served && 'refusal' in served) return <Refusal {...served} />;
  if (page.isPending)
    return (
      <VisitorFrame>
        <PageLoader />
      </VisitorFrame>
    );
  if (page.isError) {
    const { error } = page;
    if (error instanceof PagePaused) return <Refusal refusal="paused" detail={error.message} />;
    if (error instanceof PageNotBuilt) return <Refusal refusal="not_built" detail={error.message} />;
    if (error instanceof PageUnavailable) return <Refusal refusal="unavailable" detail={error.message} />;
    return (
      <VisitorFrame>
        <Alert color="red" title="This page could not be opened">
          {error.message}
        </Alert>
      </VisitorFrame>
    );
  }
  const allowed = served !== undefined && 'allowed' in served && served.allowed;
  return <GuardedPage page={page.data} allowed={allowed} form={form} thanked={thanked} />;
}

function GuardedPage({ page, allowed, form, thanked }: { page: PublicPageView; allowed: boolean; form?: ServedForm; thanked: boolean }) {
  const checks = useMemo(() => publicEventChecks(page.page_id), [page.page_id]);
  return (
    <VisitorFrame organization={page.owner} theme={page.theme}>
      <EventAccessGuard id={page.page_id} checks={checks} initiallyAllowed={allowed}>
        <LandingPage page={page} form={form} thanked={thanked} />
      </EventAccessGuard>
    </VisitorFrame>
  );
}

function LandingPage({ page, form: servedForm, thanked }: { page: PublicPageView; form?: ServedForm; thanked: boolean }) {
  const [submitted, setSubmitted] = useState(thanked);
  const { page_id, blocks, form, image_urls } = page;
  if (submitted) return <ThankYou page={page} />;
  const formBlock = (submitLabel: string) => (
    <Stack gap="md">
      <RegistrationFormView pageId={page_id} form={form} served={servedForm} submitLabel={submitLabel} onSubmitted={() => setSubmitted(true)} />
      <ReturningVisitor pageId={page_id} />
    </Stack>
  );
  return (
    <Stack gap="lg">
      {blocks.map((block, index) => (
        <PageBlockView
          key={index}
          block={block}
          imageUrls={image_urls}
          form={block.kind === 'form' ? formBlock(block.submit_label) : null}
          promo={block.kind === 'promo' ? <PromoEntry qrId={page.code_id} title={block.title} buttonLabel={block.button_label} /> : null}
        />
      ))}
      <EventTicketWallet pageId={page_id} />
      <PushOptIn codeId={page.code_id} />
    </Stack>
  );
}
