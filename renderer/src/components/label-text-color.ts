/**
 * The text colour on a label badge, chosen by WCAG 2.x contrast against the label's background, as
 * GitLab's label component does (gitlab-org/gitlab-ui src/utils/utils.js `colorFromBackground`, used by
 * GlLabel: white when white reaches 2.4:1 or beats the dark text, otherwise dark #18171d). The older
 * `LabelsHelper#text_color_for_bg` (r+g+b > 500 → dark), which servers still use for the API's
 * `text_color`, leaves white on #F0AD4E "documentation" at 1.95:1, so every label badge uses this one
 * helper and ignores `text_color`.
 */

/** Dark and light text (gitlab-ui `colorFromBackground`). */
export const LABEL_TEXT_DARK = '#18171D';
export const LABEL_TEXT_LIGHT = '#FFFFFF';

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** `#RGB` / `#RRGGBB` → [r, g, b] 0–255, or null when it is not a hex colour. */
export function parseHexColor(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance (0 black … 1 white) of a hex colour; null when unparsable. */
export function relativeLuminance(hex: string): number | null {
  const rgb = parseHexColor(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 … 21) of two hex colours; null when either is unparsable. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** gitlab-ui's threshold: 2.4:1 rather than 3:1, "to solve weird color combinations in the mid tones". */
export const LIGHT_TEXT_MIN_CONTRAST = 2.4;

/**
 * Dark or light text for a label of background `bg` (hex): light when white reaches
 * {@link LIGHT_TEXT_MIN_CONTRAST} or contrasts more than dark; light when `bg` is unparsable.
 */
export function labelTextColor(bg: string | null | undefined): string {
  if (!bg) return LABEL_TEXT_LIGHT;
  const light = contrastRatio(bg, LABEL_TEXT_LIGHT);
  const dark = contrastRatio(bg, LABEL_TEXT_DARK);
  if (light === null || dark === null) return LABEL_TEXT_LIGHT;
  return light >= LIGHT_TEXT_MIN_CONTRAST || light > dark ? LABEL_TEXT_LIGHT : LABEL_TEXT_DARK;
}
