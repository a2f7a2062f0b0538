import { Alert, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { NSFW_CLASSES, WALL_PHOTO_STATUSES, type NsfwClass, type WallPhotoStatus, type WallPhotoView, type WallView } from '@qr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { WALL_PHOTOS_PAGE_SIZE, wallKeys, wallsApi } from './walls-api';
import { percent } from './share-in-words';

const STATUS_LABELS: Record<WallPhotoStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };
const CLASS_LABELS: Record<NsfwClass, string> = { drawing: 'Drawing', hentai: 'Hentai', neutral: 'Neutral', porn: 'Porn', sexy: 'Sexy' };
const PENDING_REFRESH_MS = 10_000;
const countOf = (wall: WallView, status: WallPhotoStatus) => wall[status];

/** The model's verdict on a photo: the score it is judged by, then each class's. */
function NsfwScores({ photo }: { photo: WallPhotoView }) {
  return (
    <Stack gap={2}>
      <Text size="sm">NSFW score {percent(photo.nsfw.nsfw)}</Text>
      <Text size="xs" c="dimmed">
        {NSFW_CLASSES.map((name) => `${CLASS_LABELS[name]} ${percent(photo.nsfw.scores[name] ?? 0)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

function PhotoCard({
  photo,
  writable,
  onDecide,
  deciding,
}: {
  photo: WallPhotoView;
  writable: boolean;
  onDecide(decision: 'approve' | 'reject'): void;
  deciding: boolean;
}) {
  const name = photo.caption === '' ? 'the photo without a caption' : `“${photo.caption}”`;
  return (
    <Card withBorder component="li" padding="sm">
      <Card.Section>
        <Image src={photo.url} alt={photo.caption === '' ? 'A visitor’s photo' : photo.caption} fit="contain" h={200} bg="gray.1" />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" style={BREAK_ANYWHERE} c={photo.caption === '' ? 'dimmed' : undefined}>
            {photo.caption === '' ? 'No caption' : photo.caption}
          </Text>
          {photo.flagged && <Badge color="red">Flagged</Badge>}
        </Group>
        <NsfwScores photo={photo} />
        <Text size="xs" c="dimmed">
          Sent {new Date(photo.submitted_at).toLocaleString()}
        </Text>
        {writable && (
          <Group gap="xs">
            {photo.status !== 'approved' && (
              <Button size="xs" color="teal" loading={deciding} onClick={() => onDecide('approve')} aria-label={`Approve ${name}`}>
                Approve
              </Button>
            )}
            {photo.status !== 'rejected' && (
              <Button size="xs" color="red" variant="light" loading={deciding} onClick={() => onDecide('reject')} aria-label={`Reject ${name}`}>
                Reject
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function PhotosOf({ wall, status, writable }: { wall: WallView; status: WallPhotoStatus; writable: boolean }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const photos = useQuery({
    queryKey: wallKeys.photos(wall.wall_id, status, page),
    queryFn: () => wallsApi.photos(wall.wall_id, status, page),
    // Photos arrive while staff watch the queue during the event; the other tabs change only by their own decisions.
    refetchInterval: status === 'pending' ? PENDING_REFRESH_MS : false,
  });
  const review = useMutation({
    mutationFn: ({ photo, decision }: { photo: WallPhotoView; decision: 'approve' | 'reject' }) => wallsApi.review(wall.wall_id, photo.photo_id, decision),
    // The counts on the wall and every tab change with a decision.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.all }),
  });
  if (photos.isError) return <Alert color="red">{describeError(photos.error)}</Alert>;
  if (!photos.data) return <Text c="dimmed">Loading photos…</Text>;
  if (photos.data.items.length === 0)
    return <Text>{status === 'pending' ? 'Nothing waiting for review.' : status === 'approved' ? 'No photos approved yet.' : 'No photos rejected.'}</Text>;
  return (
    <Stack>
      {review.isError && <Alert color="red">{describeError(review.error)}</Alert>}
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${STATUS_LABELS[status]} photos`}>
        {photos.data.items.map((photo) => (
          <PhotoCard
            key={photo.photo_id}
            photo={photo}
            writable={writable}
            deciding={review.isPending && review.variables.photo.photo_id === photo.photo_id}
            onDecide={(decision) => review.mutate({ photo, decision })}
          />
        ))}
      </SimpleGrid>
      {photos.data.total > WALL_PHOTOS_PAGE_SIZE && (
        <LabelledPagination
          label={`Pages of ${STATUS_LABELS[status].toLowerCase()} photos`}
          total={Math.ceil(photos.data.total / WALL_PHOTOS_PAGE_SIZE)}
          value={page}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}

/** Staff's review queue: what waits, what is on the wall, what was turned away; a decision can be changed later. */
export function WallReviewQueue({ wall, writable }: { wall: WallView; writable: boolean }) {
  const [tab, setTab] = useState<WallPhotoStatus>('pending');
  return (
    <Tabs value={tab} onChange={(next) => setTab(WALL_PHOTO_STATUSES.find((status) => status === next) ?? 'pending')} keepMounted={false}>
      <Tabs.List>
        {WALL_PHOTO_STATUSES.map((status) => (
          <Tabs.Tab key={status} value={status}>
            {STATUS_LABELS[status]} ({countOf(wall, status)})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {WALL_PHOTO_STATUSES.map((status) => (
        <Tabs.Panel key={status} value={status} pt="md">
          <PhotosOf wall={wall} status={status} writable={writable} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
