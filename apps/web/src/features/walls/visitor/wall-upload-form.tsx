import { Button, FileButton, Group, Image, Stack, Text, Textarea, Title } from '@mantine/core';
import { MAX_CAPTION, type PublicWallView, type SubmittedWallPhotoView } from '@qr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/visitor-notice';
import { PHOTO_LIMITS, submitWallPhoto } from './public-wall-api';

/** What the visitor hears after posting, by what the wall did with the photo. */
export const POSTED_WORDS: Record<SubmittedWallPhotoView['status'], string> = {
  pending: 'Thanks! Your photo will appear once it is approved.',
  approved: 'Your photo is on the wall.',
};

/** A preview of the picked photo, its object URL let go when another is picked or the form goes. */
function Preview({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return src === null ? null : <Image src={src} alt="The photo you picked" mah={240} w="auto" maw="100%" fit="contain" radius="sm" />;
}

/**
 * A visitor's photo for the wall: taken with the phone's front camera (`capture="user"`) or chosen
 * from the library, with a caption when the wall takes them. Both pickers take `image/*`: a phone's
 * camera may save HEIC, which the server then refuses in words, rather than the picker hiding it.
 */
export function WallUploadForm({ wall }: { wall: PublicWallView }) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const titleId = useId();
  const post = useMutation({ mutationFn: (picked: File) => submitWallPhoto(wall.wall_id, picked, wall.captions ? caption.trim() : '') });
  // Browsers fire no change for the file already in an input: cleared, the same photo can be picked again.
  const clearCamera = useRef<() => void>(null);
  const clearLibrary = useRef<() => void>(null);
  const pick = (picked: File | null) => {
    clearCamera.current?.();
    clearLibrary.current?.();
    post.reset();
    setFile(picked);
  };
  const again = () => {
    post.reset();
    setFile(null);
    setCaption('');
  };

  if (post.isSuccess) {
    return (
      <Stack gap="sm">
        <Notice tone="done" title={POSTED_WORDS[post.data.status]} />
        <Button variant="default" onClick={again} style={{ alignSelf: 'flex-start' }}>
          Post another photo
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" gap="sm" aria-labelledby={titleId} onSubmit={(event) => (event.preventDefault(), file && post.mutate(file))}>
      <Title order={2} size="h3" id={titleId}>
        {wall.prompt === '' ? 'Add your photo' : wall.prompt}
      </Title>
      <Group gap="xs">
        <FileButton accept="image/*" capture="user" resetRef={clearCamera} onChange={pick}>
          {(props) => <Button {...props}>Take a photo</Button>}
        </FileButton>
        <FileButton accept="image/*" resetRef={clearLibrary} onChange={pick}>
          {(props) => (
            <Button variant="default" {...props}>
              Choose from library
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {PHOTO_LIMITS}
      </Text>
      {file && <Preview file={file} />}
      {wall.captions && (
        <Textarea
          label="Caption (optional)"
          autosize
          minRows={1}
          maxLength={MAX_CAPTION}
          description={`${caption.length} of ${MAX_CAPTION} characters`}
          value={caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
      )}
      {post.isError && (
        <Notice tone="refused" title="Your photo was not posted">
          <Text size="sm">{post.error.message}</Text>
        </Notice>
      )}
      <Button type="submit" disabled={file === null} loading={post.isPending} style={{ alignSelf: 'flex-start' }}>
        Post to the wall
      </Button>
    </Stack>
  );
}
