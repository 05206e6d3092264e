import { ActionIcon, Button, Group, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconChevronDown, IconChevronUp, IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { parseTrace, searchTrace, splitMatches, type TraceSegment } from './trace-lines.js';
import classes from './job-trace.module.css';

/** Lines drawn at most (the newest); the whole log stays downloadable. */
const MAX_LINES = 5000;

function segmentClass(s: TraceSegment): string {
  const names: string[] = [];
  if (s.fg) names.push(classes[`fg-${s.fg}`] ?? '');
  if (s.bg) names.push(classes[`bg-${s.bg}`] ?? '');
  if (s.bold) names.push(classes.bold ?? '');
  if (s.italic) names.push(classes.italic ?? '');
  if (s.underline) names.push(classes.underline ?? '');
  if (s.dim) names.push(classes.dim ?? '');
  return names.filter(Boolean).join(' ');
}

function segmentStyle(s: TraceSegment): CSSProperties | undefined {
  if (!s.fgRgb && !s.bgRgb) return undefined;
  return { ...(s.fgRgb ? { color: s.fgRgb } : {}), ...(s.bgRgb ? { backgroundColor: s.bgRgb } : {}) };
}

/**
 * A job's log with ANSI colours (React elements, never HTML strings), line numbers, search with
 * next/previous, follow mode (keeps the newest line in view while the job writes; scrolling up turns
 * it off) and a raw download.
 */
export function JobTrace({
  trace,
  running,
  fileName,
}: {
  trace: string;
  running: boolean;
  fileName: string;
}) {
  const all = useMemo(() => parseTrace(trace), [trace]);
  const lines = all.length > MAX_LINES ? all.slice(all.length - MAX_LINES) : all;
  const [follow, setFollow] = useState(true);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchTrace(lines, query), [lines, query]);
  const [current, setCurrent] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [follow, trace]);

  const currentLine = matches[current] ?? null;
  useEffect(() => {
    if (currentLine === null || !box.current) return;
    box.current.querySelector(`[data-line="${currentLine}"]`)?.scrollIntoView({ block: 'center' });
  }, [currentLine]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    if (!atBottom && follow) setFollow(false);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([trace], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setFollow(false);
    setCurrent((c) => (c + delta + matches.length) % matches.length);
  };

  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="sm">
        <Group gap="xs">
          <TextInput
            aria-label="Search the trace"
            placeholder="Search the trace"
            size="xs"
            leftSection={<IconSearch size={14} />}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setCurrent(0);
              setFollow(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') step(e.shiftKey ? -1 : 1);
            }}
            w={240}
          />
          {query.trim() ? (
            <>
              <Text size="xs" c="dimmed" data-testid="trace-match-count">
                {matches.length === 0 ? 'No matches' : `${current + 1} of ${matches.length}`}
              </Text>
              <ActionIcon variant="default" size="sm" aria-label="Previous match" onClick={() => step(-1)}>
                <IconChevronUp size={14} />
              </ActionIcon>
              <ActionIcon variant="default" size="sm" aria-label="Next match" onClick={() => step(1)}>
                <IconChevronDown size={14} />
              </ActionIcon>
            </>
          ) : null}
        </Group>
        <Group gap="sm">
          <Switch
            size="sm"
            label="Follow"
            checked={follow}
            onChange={(e) => setFollow(e.currentTarget.checked)}
            aria-label="Follow the trace"
          />
          <Tooltip label="Scroll to the end" withArrow>
            <ActionIcon
              variant="default"
              aria-label="Scroll to the end"
              onClick={() => {
                if (box.current) box.current.scrollTop = box.current.scrollHeight;
              }}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={download}>
            Download raw
          </Button>
        </Group>
      </Group>
      {all.length > MAX_LINES ? (
        <Text size="xs" c="dimmed" mb={4}>
          Showing the last {MAX_LINES.toLocaleString('en-US')} of {all.length.toLocaleString('en-US')} lines;
          download the raw log for all of it.
        </Text>
      ) : null}
      <div ref={box} className={classes.trace} onScroll={onScroll} data-testid="job-trace" role="log">
        {lines.length === 0 ? (
          <div className={classes.line}>
            <span className={classes.number} />
            <span className={classes.text}>
              {running ? 'Waiting for output…' : 'This job wrote no output.'}
            </span>
          </div>
        ) : (
          lines.map((line) => (
            <div
              key={line.number}
              data-line={line.number}
              className={`${classes.line} ${line.number === currentLine ? classes.current : ''}`}
            >
              <span className={classes.number}>{line.number}</span>
              <span className={classes.text}>
                {line.segments.map((segment, i) => (
                  <span key={i} className={segmentClass(segment)} style={segmentStyle(segment)}>
                    {query.trim()
                      ? splitMatches(segment.text, query).map((part, j) =>
                          part.match ? (
                            <mark key={j} className={classes.match}>
                              {part.text}
                            </mark>
                          ) : (
                            part.text
                          ),
                        )
                      : segment.text}
                  </span>
                ))}
              </span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
