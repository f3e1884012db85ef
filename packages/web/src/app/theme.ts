import { createTheme, Modal } from '@mantine/core';

/** A calm, dense look for people who work in the app all day. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  headings: { fontWeight: '600' },
  components: {
    Modal: Modal.extend({ styles: { title: { fontWeight: 600 } } }),
  },
});
