import { Center, Loader } from '@mantine/core';

/** Shown in place of a screen while its code downloads. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading screen" />
    </Center>
  );
}
