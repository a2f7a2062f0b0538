import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PASS_KINDS, PassKind } from '@qr/contracts';
import { useState } from 'react';
import { codeKeys, codesApi } from '../codes';
import { pageKeys, pagesApi } from '../pages';
import { passKeys, sourcesApi } from './passes-api';
import { KIND_LABELS, SOURCE_LABELS } from './pass-words';

type Option = { value: string; label: string };

/** The organisation's programmes or campaigns, as options. */
function useSourceOptions(orgId: string, kind: PassKind): Option[] {
  const programmes = useQuery({
    queryKey: passKeys.programmes(orgId),
    queryFn: () => sourcesApi.programmes(orgId),
    enabled: orgId !== '' && kind === 'loyalty_card',
  });
  const campaigns = useQuery({
    queryKey: passKeys.campaigns(orgId),
    queryFn: () => sourcesApi.campaigns(orgId),
    enabled: orgId !== '' && kind === 'promo_code',
  });
  if (kind === 'loyalty_card') return (programmes.data ?? []).map((programme) => ({ value: programme.programme_id, label: programme.terms.name }));
  return (campaigns.data ?? []).map((campaign) => ({ value: campaign.campaign_id, label: campaign.terms.name }));
}

/** An event page is found by its code: pages are listed per code, and a ticket is for one page's event data. */
function EventPagePicker({ orgId, pageId, error, onPick }: { orgId: string; pageId: string; error?: string; onPick(pageId: string): void }) {
  const [codeId, setCodeId] = useState<string | null>(null);
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const pages = useQuery({ queryKey: pageKeys.ofCode(codeId ?? ''), queryFn: () => pagesApi.ofCode(codeId ?? ''), enabled: codeId !== null });
  return (
    <>
      <Select
        label="Code"
        description="The code whose landing page carries the event"
        searchable
        data={(codes.data ?? []).map((code) => ({ value: code.code_id, label: code.name }))}
        value={codeId}
        onChange={(picked) => {
          setCodeId(picked);
          onPick('');
        }}
      />
      <Select
        label={SOURCE_LABELS.event_ticket}
        disabled={codeId === null}
        data={(pages.data ?? []).map((page) => ({ value: page.page_id, label: page.title || page.page_id }))}
        value={pageId || null}
        onChange={(picked) => onPick(picked ?? '')}
        error={error}
      />
    </>
  );
}

/** A new design's kind and the programme, campaign or event page it issues passes for. */
export function PassSourcePicker({
  orgId,
  kind,
  sourceId,
  error,
  onKind,
  onSource,
}: {
  orgId: string;
  kind: PassKind;
  sourceId: string;
  error?: string;
  onKind(kind: PassKind): void;
  onSource(sourceId: string): void;
}) {
  const options = useSourceOptions(orgId, kind);
  return (
    <Stack gap="sm">
      <Select
        label="Kind of pass"
        allowDeselect={false}
        data={PASS_KINDS.map((each) => ({ value: each, label: KIND_LABELS[each] }))}
        value={kind}
        onChange={(picked) => {
          const parsed = PassKind.safeParse(picked);
          if (parsed.success) onKind(parsed.data);
        }}
      />
      {kind === 'event_ticket' ? (
        <EventPagePicker orgId={orgId} pageId={sourceId} error={error} onPick={onSource} />
      ) : (
        <Select
          label={SOURCE_LABELS[kind]}
          searchable
          nothingFoundMessage="None yet"
          data={options}
          value={sourceId || null}
          onChange={(picked) => onSource(picked ?? '')}
          error={error}
        />
      )}
    </Stack>
  );
}
