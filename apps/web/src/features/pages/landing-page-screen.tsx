import { Alert, Stack, Text, Title } from '@mantine/core';
import type { PublicPageView } from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { EventAccessGuard, publicEventChecks } from '../experiences';
import { BehindTheCode } from '../visitor';
import { PageBlockView } from './page-blocks';
import { fetchPublicPage, PageNotBuilt, PagePaused, PageUnavailable, type PageLookup } from './public-page-api';
import { RegistrationFormView } from './registration-form-view';
import { ReturningVisitor } from './returning-visitor';

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <Stack maw={520} mx="auto">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
    </Stack>
  );
}

/**
 * `/page/{id}` (a page id, or its code's id) and `/p/{name}`: a landing page behind the event-access
 * guard (spec §2, §4). The guard asks by the page's own id once the page is found, so a vanity name
 * and a code id are checked against the same page's event data.
 */
export function LandingPageScreen({ lookup }: { lookup: PageLookup }) {
  const page = useQuery({
    queryKey: ['public-page', lookup],
    queryFn: () => fetchPublicPage(lookup),
    retry: (count, error) => !(error instanceof PageUnavailable || error instanceof PagePaused || error instanceof PageNotBuilt) && count < 3,
  });
  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    if (page.error instanceof PagePaused)
      return <Notice title="This page is paused" text={page.error.message || 'The organisation behind it has paused it for now. Please try again later.'} />;
    if (page.error instanceof PageNotBuilt) return <Notice title="This page is not ready yet" text={page.error.message} />;
    if (page.error instanceof PageUnavailable)
      return <Notice title="This page is not available" text="It may have been taken down, or the address is not complete." />;
    return (
      <Alert color="red" title="This page could not be opened">
        {page.error.message}
      </Alert>
    );
  }
  return <GuardedPage page={page.data} />;
}

function GuardedPage({ page }: { page: PublicPageView }) {
  const checks = useMemo(() => publicEventChecks(page.page_id), [page.page_id]);
  return (
    <EventAccessGuard id={page.page_id} checks={checks}>
      <LandingPage page={page} />
    </EventAccessGuard>
  );
}

function LandingPage({ page }: { page: PublicPageView }) {
  const [submitted, setSubmitted] = useState(false);
  const { page_id, blocks, form, image_urls, success_message, owner } = page;
  if (submitted) return <Notice title="Thank you!" text={success_message} />;
  const formBlock = (submitLabel: string) => (
    <Stack gap="md">
      <RegistrationFormView pageId={page_id} form={form} submitLabel={submitLabel} onSubmitted={() => setSubmitted(true)} />
      <ReturningVisitor pageId={page_id} />
    </Stack>
  );
  return (
    <Stack maw={520} mx="auto" gap="lg">
      <BehindTheCode organization={owner} />
      {blocks.map((block, index) => (
        <PageBlockView key={index} block={block} imageUrls={image_urls} form={block.kind === 'form' ? formBlock(block.submit_label) : null} />
      ))}
    </Stack>
  );
}
