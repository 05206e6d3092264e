/**
 * A note's body: Markdown, with each ```suggestion block of a DiffNote drawn as its proposed change
 * (suggestion-block.tsx) from the note's `suggestions` (doc/api/suggestions.md). Only Outpost's core
 * sends `suggestions` on REST notes; GitLab's REST notes have none (lib/api/entities/note.rb), so there the
 * block stays a Markdown code block, as does any note without suggestions.
 */
import { Stack } from '@mantine/core';
import type { Note } from '../../api/merge-requests/types.js';
import { MarkdownView } from '../../components/markdown-view.js';
import type { ThreadTarget } from './discussion-thread.js';
import { SuggestionBlock } from './suggestion-block.js';
import { splitSuggestionBody } from './suggestion-markdown.js';

export function NoteBody({ note, target }: { note: Note; target: ThreadTarget }) {
  const suggestions = note.suggestions ?? [];
  if (suggestions.length === 0) return <MarkdownView source={note.body} compact />;
  return (
    <Stack gap={6}>
      {splitSuggestionBody(note.body).map((segment, i) => {
        if (segment.kind === 'markdown') return <MarkdownView key={i} source={segment.text} compact />;
        const suggestion = suggestions[segment.index];
        return suggestion ? <SuggestionBlock key={i} suggestion={suggestion} target={target} /> : null;
      })}
    </Stack>
  );
}
