import { Box, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { wallScreenPath, type PublicWallView } from '@qr/contracts';
import { useParams } from 'react-router-dom';
import { LinkQrImage } from '../../../components/link-qr-image';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';
import { PageLoader } from '../../../components/page-loader';
import { Notice } from '../../../components/visitor-notice';
import { VisitorFrame, VisitorThemeScope } from '../../visitor';
import { usePublicWall, useLiveWallPhotos, WallUnavailable } from './public-wall-api';
import { WallPhotos } from './wall-photos';
import { WallUploadForm } from './wall-upload-form';

/** Where the wall's QR code takes the room: the wall itself, where the upload form is. */
const wallAddress = (wallId: string) => `${window.location.origin}${wallScreenPath(wallId)}`;

/**
 * The wall in its organisation's brand, as wide as the screen it is on (a venue's big screen): the
 * live photos beside the join code and the upload form; on a phone the form comes first, as that is
 * what a visitor there came to do.
 */
function Wall({ wall, withQr }: { wall: PublicWallView; withQr: boolean }) {
  const photos = useLiveWallPhotos(wall.wall_id, wall.photos);
  const { owner } = wall;
  return (
    <VisitorThemeScope theme={owner.theme} style={{ minHeight: '100dvh' }}>
      <Box px="md" py="md" maw={1600} mx="auto">
        <Group component="header" gap="sm" wrap="nowrap" mb="md">
          {owner.logo && <Image src={owner.logo} alt="" h={40} w="auto" maw={120} fit="contain" />}
          <Text fw={700}>{owner.name}</Text>
        </Group>
        <Box component="main">
          <Title order={1} mb="md" style={BREAK_ANYWHERE}>
            {wall.title}
          </Title>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }} order={{ base: 2, md: 1 }}>
              <WallPhotos photos={photos} layout={wall.layout} captions={wall.captions} slideshowSeconds={wall.slideshow_seconds} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }} order={{ base: 1, md: 2 }}>
              <Stack gap="lg">
                {withQr && (
                  <Stack gap="xs" align="center" visibleFrom="md">
                    <LinkQrImage url={wallAddress(wall.wall_id)} alt={`QR code to join ${wall.title}`} size={220} />
                    <Text size="sm" ta="center">
                      Scan to add your photo
                    </Text>
                  </Stack>
                )}
                <WallUploadForm wall={wall} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Box>
      </Box>
    </VisitorThemeScope>
  );
}

/** The wall of the address's `:id`, or what stands in its way, in the plain visitor frame until the wall says whose it is. */
function WallRoute({ withQr }: { withQr: boolean }) {
  const { id = '' } = useParams();
  const wall = usePublicWall(id);
  if (wall.isSuccess) return <Wall wall={wall.data} withQr={withQr} />;
  return (
    <VisitorFrame>
      {wall.isPending ? (
        <PageLoader />
      ) : wall.error instanceof WallUnavailable ? (
        <Stack>
          <Title order={1}>This wall is not available</Title>
          <Text>The selfie wall may have ended, or the address is not complete. Check it and try again.</Text>
        </Stack>
      ) : (
        <Stack>
          <Title order={1}>This wall could not be opened</Title>
          <Notice tone="refused" title="Not loaded">
            <Text size="sm">{wall.error.message}</Text>
          </Notice>
        </Stack>
      )}
    </VisitorFrame>
  );
}

/** `/wall/{id}` (spec §2): the selfie wall with its QR code, for the room's screen and the phones that join. */
export function WallScreen() {
  return <WallRoute withQr />;
}

/** `/wall-embed/{id}` (spec §2): the same wall with the QR code hidden, framed by the organisation's own site. */
export function WallEmbedScreen() {
  return <WallRoute withQr={false} />;
}
