import { Alert, Stack, Text, Title } from '@mantine/core';
import type { PublicCodeView } from '@qr/contracts';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { BusinessCard, CodeContentView, NoteView } from './code-content-views';
import { CodeUnavailable, field, usePublicCode } from './public-code-api';
import { VisitorFrame } from './visitor-frame';

/**
 * A code that is gone or unknown; also the web app's `/{id}`: the server answers every address shaped
 * like a code id itself (a redirect, the code's page, or its own 404 page), so what reaches that
 * route is a code id cut short or mistyped.
 */
export function UnknownCodeScreen() {
  return (
    <VisitorFrame>
      <CodeNotAvailable />
    </VisitorFrame>
  );
}

function CodeNotAvailable() {
  return (
    <Stack>
      <Title order={1}>This code is not available</Title>
      <Text>It may have been taken down, or the address is not complete. Check the code and try again.</Text>
    </Stack>
  );
}

/**
 * Loads the code of the address's `:id` (or `codeId`, for a page about something on a code, such as
 * its loyalty programme) and handles the states every visitor page shares: loading, gone, paused,
 * failed; once the code is read, in its organisation's frame and brand.
 */
export function PublicCode({ codeId, children }: { codeId?: string; children: (code: PublicCodeView) => ReactNode }) {
  const { id = '' } = useParams();
  const code = usePublicCode(codeId ?? id);
  if (code.isPending)
    return (
      <VisitorFrame>
        <PageLoader />
      </VisitorFrame>
    );
  if (code.isError) {
    return (
      <VisitorFrame>
        {code.error instanceof CodeUnavailable ? (
          <CodeNotAvailable />
        ) : (
          <Alert color="red" title="This code could not be opened">
            {code.error.message}
          </Alert>
        )}
      </VisitorFrame>
    );
  }
  return (
    <VisitorFrame organization={code.data.owner}>
      {code.data.status === 'paused' ? (
        <Stack>
          <Title order={1}>This code is paused</Title>
          <Text>{code.data.owner.name} has paused it for now. Please try again later.</Text>
        </Stack>
      ) : (
        <Stack>{children(code.data)}</Stack>
      )}
    </VisitorFrame>
  );
}

/** A URL code's shared link sends the visitor on, as its QR does. */
function FollowUrl({ code }: { code: PublicCodeView }) {
  const target = field(code, 'url');
  useEffect(() => {
    if (target && /^https?:\/\//i.test(target)) window.location.replace(target);
  }, [target]);
  return <CodeContentView code={code} />;
}

/** `/code/{id}`: the conditional public page of any type. */
export function CodePublicScreen() {
  return <PublicCode>{(code) => (code.type === 'url' ? <FollowUrl code={code} /> : <CodeContentView code={code} />)}</PublicCode>;
}

/** `/card/{id}`: a business card. */
export function CardScreen() {
  return <PublicCode>{(code) => (code.type === 'vcard' ? <BusinessCard code={code} /> : <CodeContentView code={code} />)}</PublicCode>;
}

/** `/code/note/{id}`: a note. */
export function NoteScreen() {
  return <PublicCode>{(code) => (code.type === 'note' ? <NoteView code={code} /> : <CodeContentView code={code} />)}</PublicCode>;
}
