import Anser from 'anser';

/** One run of text with the same colours and decorations. */
export interface TraceSegment {
  text: string;
  /** One of the 16 ANSI colours as a class suffix (`red`, `bright-green`…), or null. */
  fg: string | null;
  bg: string | null;
  /** `rgb(r, g, b)` for 256-colour and true-colour codes, or null. */
  fgRgb: string | null;
  bgRgb: string | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  dim: boolean;
}

/** A line of the trace: its number (1-based), plain text (for search) and segments. */
export interface TraceLine {
  number: number;
  text: string;
  segments: TraceSegment[];
}

const BASIC = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
/** GitLab runner section markers: `section_start:1700000000:name[collapsed=true]\r\e[0K`. */
// eslint-disable-next-line no-control-regex -- the marker ends with ESC [0K (erase line).
const SECTION_MARKER = /section_(?:start|end):\d+:[A-Za-z0-9_.-]+(?:\[[^\]]*\])?\r?(?:\x1b\[0K)?/g;

/** xterm's 256-colour palette entry as `rgb(…)`, or a basic colour name for 0–15. */
function palette(n: number): { name: string | null; rgb: string | null } {
  if (n < 8) return { name: BASIC[n] ?? null, rgb: null };
  if (n < 16) return { name: `bright-${BASIC[n - 8]}`, rgb: null };
  if (n < 232) {
    const i = n - 16;
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    return {
      name: null,
      rgb: `rgb(${level(Math.floor(i / 36))}, ${level(Math.floor(i / 6) % 6)}, ${level(i % 6)})`,
    };
  }
  const g = 8 + (n - 232) * 10;
  return { name: null, rgb: `rgb(${g}, ${g}, ${g})` };
}

function colour(cls: string | null, truecolor: string | null): { name: string | null; rgb: string | null } {
  if (!cls) return { name: null, rgb: null };
  if (cls === 'ansi-truecolor') return { name: null, rgb: truecolor ? `rgb(${truecolor})` : null };
  const pal = /^ansi-palette-(\d+)$/.exec(cls);
  if (pal) return palette(Number(pal[1]));
  return { name: cls.replace(/^ansi-/, ''), rgb: null };
}

/**
 * Splits a job trace into lines of coloured segments (ANSI SGR codes through `anser`; other escape
 * codes dropped). A carriage return inside a line keeps only what was written after it, as a terminal
 * shows progress bars; GitLab's collapsible-section markers are removed. Never produces HTML.
 */
export function parseTrace(trace: string): TraceLine[] {
  const clean = trace.replace(SECTION_MARKER, '').replace(/\r\n/g, '\n');
  const rawLines = clean.split('\n');
  if (rawLines.length > 0 && rawLines[rawLines.length - 1] === '') rawLines.pop();
  return rawLines.map((raw, index) => {
    const visible = raw.includes('\r') ? lastOverwrite(raw) : raw;
    const segments: TraceSegment[] = Anser.ansiToJson(visible, { use_classes: true, remove_empty: true })
      .filter((e) => e.content !== '')
      .map((e) => {
        const fg = colour(e.fg, e.fg_truecolor);
        const bg = colour(e.bg, e.bg_truecolor);
        const d = e.decorations ?? [];
        return {
          text: e.content,
          fg: fg.name,
          bg: bg.name,
          fgRgb: fg.rgb,
          bgRgb: bg.rgb,
          bold: d.includes('bold'),
          italic: d.includes('italic'),
          underline: d.includes('underline'),
          dim: d.includes('dim'),
        };
      });
    return { number: index + 1, text: segments.map((s) => s.text).join(''), segments };
  });
}

/** The text after the last `\r` that is followed by something (a trailing `\r` keeps the line). */
function lastOverwrite(line: string): string {
  const parts = line.split('\r');
  for (let i = parts.length - 1; i >= 0; i -= 1) if (parts[i] !== '') return parts[i] ?? '';
  return '';
}

/** Numbers of the lines whose text contains `query` (case-insensitive); none for an empty query. */
export function searchTrace(lines: readonly TraceLine[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return lines.filter((l) => l.text.toLowerCase().includes(needle)).map((l) => l.number);
}

/** Splits `text` around case-insensitive matches of `query`, for highlighting. */
export function splitMatches(text: string, query: string): Array<{ text: string; match: boolean }> {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const out: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
    if (i > at) out.push({ text: text.slice(at, i), match: false });
    out.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}
