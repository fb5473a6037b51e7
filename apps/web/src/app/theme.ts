import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep sea blue, dark enough for white text at AA contrast from shade 7 up. */
const lading: MantineColorsTuple = [
  '#e6f4fa',
  '#cde6f2',
  '#9bcde6',
  '#65b2d9',
  '#3b9bce',
  '#208dc8',
  '#0f79b0',
  '#06689a',
  '#0b5a82',
  '#0b4f71',
];

export const theme = createTheme({
  primaryColor: 'lading',
  primaryShade: 8,
  colors: { lading },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // Plain objects rather than `Modal.extend(…)`: importing the components here would put them (and what they use)
  // into the first load of every page.
  components: {
    // Links inside text must be told apart without colour (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // The close buttons are icons: give them a name screen readers can say.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Mantine leaves a password's show/hide button out of the Tab order; keyboard users need it too (issue 28).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/**
 * Mantine's default "dimmed" grey (#868e96) is 3.3:1 on white; this one is 6:1 (WCAG AA for body text). Likewise its
 * error red (#fa5252, 3.6:1) becomes red 9 (#c92a2a, 5.4:1) for the messages under invalid fields. The text of the
 * light yellow and orange variants (an Alert's title, a light Badge) is shade 9 on shade 1, 2.7:1 and 3.6:1: darker
 * browns make it 6.1:1 and 5.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-orange-light-color': '#9a3c00',
  },
  dark: {},
});
