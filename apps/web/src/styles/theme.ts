import {
  createTheme,
  type ActionIconProps,
  type AlertProps,
  type AnchorProps,
  type AppShellProps,
  type ButtonProps,
  type CardProps,
  type CodeProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type LoaderProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PaperProps,
  type SelectProps,
  type TitleProps,
} from '@mantine/core';

/** Switchboard indigo: calm enough for a dashboard read all day, strong enough for calls to action. */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdfff',
  '#b7bcfb',
  '#8f97f6',
  '#6d76f2',
  '#5862ef',
  '#4c57ef',
  '#3d48d5',
  '#3440bf',
  '#2735a9',
];

/** Teal accent for gradients and "live" states (calls, voice). */
const signal: MantineColorsTuple = [
  '#e2fbf9',
  '#d1f3ef',
  '#a6e6de',
  '#77d8cc',
  '#51ccbe',
  '#38c5b4',
  '#27c1b0',
  '#12aa9a',
  '#009788',
  '#008375',
];

// Offline product: system fonts only, no web fonts or CDNs.
const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';
const systemMono =
  'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';

/** A component's theme entry with default props, checked against the component's props. */
function defaults<Props>(defaultProps: Partial<Props>) {
  return { defaultProps };
}

export const theme = createTheme({
  colors: { brand, signal },
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: systemSans,
  fontFamilyMonospace: systemMono,
  defaultGradient: { from: 'brand.6', to: 'signal.6', deg: 135 },
  headings: {
    fontFamily: systemSans,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.2' },
      h2: { fontSize: '1.625rem', lineHeight: '1.25' },
      h3: { fontSize: '1.25rem', lineHeight: '1.3' },
    },
  },
  // Plain objects typed by each component's props, not `AppShell.extend(...)`: `extend` would
  // import every component named here into the entry chunk, so the landing page would load the
  // app shell and the select box (decision 023).
  components: {
    ActionIcon: defaults<ActionIconProps>({ variant: 'default' }),
    Alert: defaults<AlertProps>({ radius: 'md' }),
    Anchor: defaults<AnchorProps>({ underline: 'hover' }),
    AppShell: defaults<AppShellProps>({ padding: 'lg' }),
    Button: defaults<ButtonProps>({ radius: 'md' }),
    Card: defaults<CardProps>({ radius: 'lg', withBorder: true, padding: 'lg' }),
    Code: defaults<CodeProps>({ color: 'var(--mantine-color-default-hover)' }),
    // The header's close button is an icon: it needs a name (a modal may still give its own).
    Drawer: defaults<DrawerProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    Loader: defaults<LoaderProps>({ type: 'dots' }),
    Modal: defaults<ModalProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    // A toast's close button is an icon too (axe: button-name).
    Notification: defaults<NotificationProps>({
      closeButtonProps: { 'aria-label': 'Close notification' },
    }),
    Paper: defaults<PaperProps>({ radius: 'lg' }),
    Select: defaults<SelectProps>({ checkIconPosition: 'right' }),
    Title: defaults<TitleProps>({ textWrap: 'balance' }),
  },
});

/** Dark-mode "light" variant of a Mantine colour: a translucent tint of its mid shade. */
function darkTint(color: string, rgb: string): Record<string, string> {
  return {
    [`--mantine-color-${color}-light`]: `rgba(${rgb}, 0.14)`,
    [`--mantine-color-${color}-light-hover`]: `rgba(${rgb}, 0.22)`,
    [`--mantine-color-${color}-light-color`]: `var(--mantine-color-${color}-3)`,
  };
}

const statusTints = {
  ...darkTint('red', '250, 82, 82'),
  ...darkTint('yellow', '250, 176, 5'),
  ...darkTint('teal', '18, 184, 134'),
  ...darkTint('grape', '190, 75, 219'),
  ...darkTint('signal', '56, 197, 180'),
  ...darkTint('gray', '134, 142, 150'),
};

/**
 * In dark mode Mantine derives the "light" variant (active nav link, light badges and icons)
 * from the darkest shade, which reads as a heavy navy block; a tint of a mid shade is calmer.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Dimmed text (hints, captions, secondary lines) at WCAG AA contrast, 4.5:1 or more on the
  // page, card and hover backgrounds; Mantine's default grey reads at about 3.2:1.
  // The same for placeholders, the light variant's text of teal and yellow (status badges) and
  // white on filled grey.
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6b7177',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-yellow-light-color': '#945200',
    // The outline "Test" badge (records made by test calls): grape 6 reads at about 3.9:1.
    '--mantine-color-grape-outline': 'var(--mantine-color-grape-8)',
    '--mantine-color-gray-filled': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-placeholder': '#9a9a9a',
    // Links and brand-coloured text one shade lighter (4.1:1 on the dark page otherwise).
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-brand-text': 'var(--mantine-color-brand-3)',
    '--mantine-color-gray-filled': 'var(--mantine-color-gray-7)',
    '--mantine-color-brand-light': 'rgba(109, 118, 242, 0.16)',
    '--mantine-color-brand-light-hover': 'rgba(109, 118, 242, 0.24)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-3)',
    // The same for the status colours (error alerts, status badges): tints, not solid blocks.
    ...statusTints,
  },
});
