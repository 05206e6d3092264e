/** What the palette reads out of the text typed into it. */
export interface PaletteQuery {
  /** The free text (project or merge request search), trimmed; '' when only a pipeline id was typed. */
  text: string;
  /** A pipeline id asked for with `#123`, `pipeline 123` or `<project> #123`; null otherwise. */
  pipelineId: number | null;
}

const PIPELINE_ID = /^(.*?)\s*(?:\bpipelines?\s*#?|#)(\d{1,12})$/i;

/**
 * Split the palette's input into search text and an optional pipeline id.
 * `#123` and `pipeline 123` look pipeline 123 up in the recent projects; `web #123` looks it up in
 * the projects matching "web". A bare number (`123`) stays search text, as a project name may hold digits.
 */
export function parsePaletteQuery(raw: string): PaletteQuery {
  const trimmed = raw.trim();
  const match = PIPELINE_ID.exec(trimmed);
  if (!match) return { text: trimmed, pipelineId: null };
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return { text: trimmed, pipelineId: null };
  return { text: (match[1] ?? '').trim(), pipelineId: id };
}
