import { describe, expect, it } from 'vitest';
import { parsePaletteQuery } from './parse-palette-query.js';

describe('parsePaletteQuery', () => {
  it.each([
    ['#123', { text: '', pipelineId: 123 }],
    ['  pipeline 42 ', { text: '', pipelineId: 42 }],
    ['Pipelines #7', { text: '', pipelineId: 7 }],
    ['web #12', { text: 'web', pipelineId: 12 }],
    ['web pipeline 12', { text: 'web', pipelineId: 12 }],
    ['web', { text: 'web', pipelineId: null }],
    ['project2', { text: 'project2', pipelineId: null }],
    ['123', { text: '123', pipelineId: null }],
    ['pipelines', { text: 'pipelines', pipelineId: null }],
    ['#0', { text: '#0', pipelineId: null }],
    ['', { text: '', pipelineId: null }],
  ])('%j → %j', (raw, expected) => {
    expect(parsePaletteQuery(raw)).toEqual(expected);
  });
});
