import { Badge, createTheme, Modal, Paper, Tooltip, type MantineColorsTuple } from '@mantine/core';

/** A calm indigo-blue: the accent of buttons, links and the active navigation item. */
const outpost: MantineColorsTuple = [
  '#eef2ff',
  '#dde3fb',
  '#b8c4f1',
  '#90a3e8',
  '#6e87e0',
  '#5875dc',
  '#4c6bdb',
  '#3d5ac3',
  '#3450af',
  '#27449b',
];

/** Outpost's Mantine theme: system fonts (works offline), medium radius, quiet overlays. */
export const theme = createTheme({
  primaryColor: 'outpost',
  colors: { outpost },
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Modal: Modal.extend({
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 }, radius: 'lg' },
    }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 350, withArrow: true } }),
    Badge: Badge.extend({ defaultProps: { radius: 'sm' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
  },
});
