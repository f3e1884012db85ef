import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '../app/theme.ts';
import { ModalsHost } from '../ui/appModals.tsx';

/** Renders a presentational piece with the UI kit's providers only. */
export function renderUi(ui: ReactNode) {
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      {ui}
      <ModalsHost />
    </MantineProvider>,
  );
  return { ...view, user };
}
