import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

/** A calm, dense look for people who work in the app all day. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons and coloured text use shade 8: white on it, and it on white, meet WCAG AA (4.5:1).
  primaryShade: { light: 8, dark: 8 },
  // Filled colours that are too light for white text (green, teal, cyan, orange, yellow, lime) get dark text.
  autoContrast: true,
  luminanceThreshold: 0.2,
  defaultRadius: 'sm',
  cursorType: 'pointer',
  headings: { fontWeight: '600' },
  components: {
    // A plain object, not `Modal.extend(...)`: importing Modal here would put it in every page's first load.
    Modal: { styles: { title: { fontWeight: 600 } }, defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every toast's close button is named, whoever shows the toast (the editor's 'Back to' toast among them).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Text colours that meet WCAG AA (4.5:1) on white and on the light tints: dimmed and placeholder text are gray 7, error
 * texts (a field's validation message, the rich text's marks, `c="red"`, which every error text uses) red 9, and the
 * text of light and subtle variants (badges, subtle buttons) is shade 9 darkened by 30 %.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)])),
  },
  dark: {},
});
