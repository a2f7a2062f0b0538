import { Box, Image, Stack, Text } from '@mantine/core';
import type { PublicWallPhoto, WallLayout } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { BREAK_ANYWHERE } from '../../../components/break-anywhere';

/** A photo's words for a screen reader: its caption, or what it is. */
const altOf = (photo: PublicWallPhoto) => (photo.caption === '' ? 'A photo on the wall' : photo.caption);

/** One photo, sized from its own dimensions before it loads, so the grid does not jump as photos arrive. */
function WallPhoto({ photo, captions, fill }: { photo: PublicWallPhoto; captions: boolean; fill?: boolean }) {
  return (
    <Stack component="figure" gap={4} m={0}>
      <Image
        src={photo.url}
        alt={altOf(photo)}
        radius="sm"
        fit="contain"
        style={{ aspectRatio: `${photo.width} / ${photo.height}`, ...(fill ? { maxHeight: '70dvh', width: 'auto', maxWidth: '100%', margin: '0 auto' } : {}) }}
      />
      {captions && photo.caption !== '' && (
        <Text component="figcaption" size={fill ? 'xl' : 'sm'} ta={fill ? 'center' : undefined} style={BREAK_ANYWHERE}>
          {photo.caption}
        </Text>
      )}
    </Stack>
  );
}

/** Masonry as CSS columns: the browser packs photos of any height, with no script measuring them; two columns on a phone. */
function Masonry({ photos, captions }: { photos: readonly PublicWallPhoto[]; captions: boolean }) {
  return (
    <Box component="ul" aria-label="Photos on the wall" p={0} m={0} style={{ listStyle: 'none', columnWidth: 150, columnGap: 'var(--mantine-spacing-sm)' }}>
      {photos.map((photo) => (
        <Box component="li" key={photo.photo_id} mb="sm" style={{ breakInside: 'avoid' }}>
          <WallPhoto photo={photo} captions={captions} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * One photo at a time, each for the wall's seconds, newest first. The place is kept by photo, not
 * by index, so a photo arriving live does not make the show skip or repeat the one on screen.
 */
function Slideshow({ photos, captions, seconds }: { photos: readonly PublicWallPhoto[]; captions: boolean; seconds: number }) {
  const [shownId, setShownId] = useState<string | null>(null);
  const index = Math.max(
    0,
    photos.findIndex((photo) => photo.photo_id === shownId),
  );
  const shown = photos[index];
  useEffect(() => {
    if (photos.length < 2) return undefined;
    const timer = setTimeout(() => setShownId(photos[(index + 1) % photos.length]?.photo_id ?? null), seconds * 1000);
    return () => clearTimeout(timer);
  }, [photos, index, seconds]);
  if (!shown) return null;
  return (
    <Box aria-label="Photos on the wall, one at a time" role="group">
      <WallPhoto photo={shown} captions={captions} fill />
      <Text size="sm" c="dimmed" ta="center" mt="xs">
        {index + 1} of {photos.length}
      </Text>
    </Box>
  );
}

/** The wall's approved photos, as its layout says; none yet says so, inviting the first. */
export function WallPhotos({
  photos,
  layout,
  captions,
  slideshowSeconds,
}: {
  photos: readonly PublicWallPhoto[];
  layout: WallLayout;
  captions: boolean;
  slideshowSeconds: number;
}) {
  if (photos.length === 0) return <Text size="lg">No photos yet. Be the first: yours appears here once it is on the wall.</Text>;
  return layout === 'slideshow' ? (
    <Slideshow photos={photos} captions={captions} seconds={slideshowSeconds} />
  ) : (
    <Masonry photos={photos} captions={captions} />
  );
}
