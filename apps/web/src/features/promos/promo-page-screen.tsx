import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { PublicPromoView } from '@qr/contracts';
import { PageLoader } from '../../components/page-loader';
import { PublicCode } from '../visitor';
import { PromoEntry } from './promo-entry';
import { offerInWords } from './promo-entry-results';
import { PromosUnavailable, usePublicPromo } from './public-promo-api';

type PublicCampaign = PublicPromoView['campaigns'][number];

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** A campaign's dates in words; one without dates says nothing. */
function datesOf({ starts_at, ends_at }: PublicCampaign): string | null {
  if (starts_at && ends_at) return `From ${day(starts_at)} to ${day(ends_at)}`;
  if (starts_at) return `From ${day(starts_at)}`;
  if (ends_at) return `Until ${day(ends_at)}`;
  return null;
}

/** What a campaign gives and when: its name is a heading around it, or the page's own. */
function OfferDetails({ campaign }: { campaign: PublicCampaign }) {
  const words = offerInWords(campaign.offer);
  const dates = datesOf(campaign);
  return (
    <Stack gap={4}>
      <Text size="lg">{campaign.offer.text}</Text>
      {words && <Text fw={600}>{words}</Text>}
      {dates && <Text c="dimmed">{dates}</Text>}
      {campaign.needs_location && <Text c="dimmed">Valid at the venue: your browser will ask where you are.</Text>}
    </Stack>
  );
}

function NoOffers() {
  return (
    <Stack>
      <Title order={1}>No offers here right now</Title>
      <Text>This code has no promo codes to redeem at the moment. Please check again later.</Text>
    </Stack>
  );
}

/** The code's campaigns, then the entry: a visitor reads what they get before typing their code. */
function PromoPage({ qrId }: { qrId: string }) {
  const promos = usePublicPromo(qrId);
  if (promos.isPending) return <PageLoader />;
  if (promos.isError)
    return promos.error instanceof PromosUnavailable ? (
      <NoOffers />
    ) : (
      <Alert color="red" title="The offers could not be loaded">
        {promos.error.message}
      </Alert>
    );
  const { campaigns } = promos.data;
  if (campaigns.length === 0) return <NoOffers />;
  return (
    <Stack gap="lg">
      <Title order={1}>{campaigns.length === 1 ? campaigns[0]!.name : 'Offers'}</Title>
      {campaigns.length === 1 ? (
        <OfferDetails campaign={campaigns[0]!} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {campaigns.map((campaign, index) => (
            <Card key={index} component="li" withBorder radius="md" padding="md">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  {campaign.name}
                </Title>
                <OfferDetails campaign={campaign} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <PromoEntry qrId={qrId} title="Your promo code" buttonLabel="Check my code" />
    </Stack>
  );
}

/** `/promo/{id}` (a QR code's id): the code's promo campaigns and where to enter a promo code, in the organisation's frame and brand. */
export function PromoPageScreen() {
  return <PublicCode>{(code) => <PromoPage qrId={code.code_id} />}</PublicCode>;
}
