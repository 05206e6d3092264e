import { Anchor, Text, Typography } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import classes from './markdown-view.module.css';

/** Only absolute http(s) and mailto links are followed; they open outside the app. */
function isExternal(href: string | undefined): href is string {
  return typeof href === 'string' && /^(https?:|mailto:)/i.test(href);
}

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    isExternal(href) ? (
      <Anchor href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </Anchor>
    ) : (
      <Text span inherit c="outpost" title={href}>
        {children}
      </Text>
    ),
  // The CSP allows no remote images; show the alt text instead of a broken request.
  img: ({ alt }) => (
    <Text span inherit c="dimmed" fs="italic">
      [{alt || 'image'}]
    </Text>
  ),
};

/**
 * Markdown (release notes, READMEs) rendered to React elements with react-markdown: raw HTML in
 * the source is not rendered, URLs are sanitized, only absolute links are followed and images are
 * replaced by their alt text (the window's CSP loads none). `compact` keeps headings at body size
 * (release notes in a table row).
 */
export function MarkdownView({ source, compact = false }: { source: string; compact?: boolean }) {
  return (
    <Typography
      data-testid="markdown-view"
      className={compact ? classes.compact : undefined}
      style={{ fontSize: 'var(--mantine-font-size-sm)' }}
    >
      <Markdown components={COMPONENTS} skipHtml>
        {source}
      </Markdown>
    </Typography>
  );
}
