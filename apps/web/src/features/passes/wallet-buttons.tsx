import { Button, Stack, Text, TextInput } from '@mantine/core';
import { PassHolder, type PassKind, type PassOfferView } from '@qr/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { publicPassesApi, publicPassKeys } from './public-passes-api';

/**
 * Where a wallet button sends the phone: Safari opens a .pkpass in Wallet, and Google's link opens
 * its own save page. An object rather than a function so that specs can watch it (jsdom cannot navigate).
 */
export const walletNavigation = { go: (url: string) => window.location.assign(url) };

type Wallet = 'apple' | 'google';

const OFFER_FRESH_MS = 5 * 60 * 1000;

const WALLET_LABELS: Record<Wallet, string> = { apple: 'Add to Apple Wallet', google: 'Save to Google Wallet' };

/** Black with the wallet's name, as both wallets ask their buttons to look, in our own markup. */
const walletButtonStyle = { root: { backgroundColor: '#000000', color: '#ffffff' } };

function useOffer(kind: PassKind, sourceId: string) {
  // No offer (or no answer) shows no button: a page without a design looks as it did before. An
  // offer changes when staff connect a wallet, rarely: the event's name field and its buttons share one answer.
  return useQuery({
    queryKey: publicPassKeys.offer(kind, sourceId),
    queryFn: () => publicPassesApi.offer(kind, sourceId),
    retry: false,
    staleTime: OFFER_FRESH_MS,
  });
}

const offered = (offer: PassOfferView | undefined): offer is PassOfferView & { design_id: string } =>
  offer !== undefined && offer.design_id !== null && (offer.apple || offer.google);

/** Makes the holder's pass (the same one each time), then goes to the wallet's own page for it. */
async function openInWallet(wallet: Wallet, designId: string, holder: PassHolder): Promise<void> {
  const pass = await publicPassesApi.create({ design_id: designId, holder });
  if (wallet === 'google') {
    walletNavigation.go((await publicPassesApi.walletUrl(pass.pass_id)).url);
    return;
  }
  if (pass.apple_url === null) throw new Error('Apple Wallet passes are not available here just now.');
  walletNavigation.go(pass.apple_url);
}

/** "Add to Apple Wallet" and "Save to Google Wallet", each shown only when the programme, campaign or event offers it. */
export function WalletButtons({ kind, sourceId, holder }: { kind: PassKind; sourceId: string; holder: PassHolder }) {
  const offer = useOffer(kind, sourceId);
  const [refused, setRefused] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: ({ wallet, designId, valid }: { wallet: Wallet; designId: string; valid: PassHolder }) => openInWallet(wallet, designId, valid),
  });
  if (!offered(offer.data)) return null;
  const { design_id: designId } = offer.data;
  const press = (wallet: Wallet) => {
    const checked = PassHolder.safeParse(holder);
    setRefused(checked.success ? null : (checked.error.issues[0]?.message ?? 'Something is missing.'));
    if (checked.success) open.mutate({ wallet, designId, valid: checked.data });
  };
  const wallets = (['apple', 'google'] as const).filter((wallet) => offer.data?.[wallet]);
  const failure = refused ?? (open.isError ? describeError(open.error) : null);
  return (
    <Stack gap="xs">
      {wallets.map((wallet) => (
        <Button
          key={wallet}
          size="md"
          radius="md"
          styles={walletButtonStyle}
          onClick={() => press(wallet)}
          loading={open.isPending && open.variables?.wallet === wallet}
        >
          {WALLET_LABELS[wallet]}
        </Button>
      ))}
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/** An event page's ticket for the wallet: the holder's name goes on it, so it is asked first. */
export function EventTicketWallet({ pageId }: { pageId: string }) {
  const offer = useOffer('event_ticket', pageId);
  const [name, setName] = useState('');
  if (!offered(offer.data)) return null;
  return (
    <Stack gap="xs">
      <TextInput label="Your name on the ticket" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <WalletButtons kind="event_ticket" sourceId={pageId} holder={{ kind: 'event_ticket', holder: name }} />
    </Stack>
  );
}
