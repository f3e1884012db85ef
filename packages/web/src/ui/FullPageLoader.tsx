import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
