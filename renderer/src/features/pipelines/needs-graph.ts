import { parse } from 'yaml';

/** Top-level `.gitlab-ci.yml` keys that are not jobs (GitLab's reserved keywords). */
const RESERVED = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
  'types',
  'pages:deploy',
]);

/** What the graph needs from a configuration: stage order and each job's `needs`. */
export interface CiGraphConfig {
  stages: string[];
  /** Job name → names of the jobs it needs. */
  needs: Record<string, string[]>;
}

/**
 * Reads `stages` and every job's `needs` (strings or `{job: name}`) from `.gitlab-ci.yml` text.
 * Invalid YAML or odd shapes give an empty configuration, never a throw: the graph then falls back to
 * stage columns without edges.
 */
export function parseCiGraphConfig(text: string | null | undefined): CiGraphConfig {
  const empty: CiGraphConfig = { stages: [], needs: {} };
  if (!text) return empty;
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return empty;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return empty;
  const record = doc as Record<string, unknown>;
  const stages = Array.isArray(record.stages)
    ? record.stages.filter((s): s is string => typeof s === 'string')
    : [];
  const needs: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(record)) {
    if (RESERVED.has(name) || name.startsWith('.') || typeof value !== 'object' || value === null) continue;
    const raw = (value as Record<string, unknown>).needs;
    if (!Array.isArray(raw)) continue;
    needs[name] = raw
      .map((n) =>
        typeof n === 'string'
          ? n
          : typeof n === 'object' && n !== null && typeof (n as { job?: unknown }).job === 'string'
            ? (n as { job: string }).job
            : null,
      )
      .filter((n): n is string => n !== null);
  }
  return { stages, needs };
}

/** A job as the graph places it. */
export interface GraphJob {
  id: number;
  name: string;
  stage: string;
}

/** Sizes of the graph's boxes, in px. */
export interface GraphMetrics {
  cardWidth: number;
  cardHeight: number;
  columnGap: number;
  rowGap: number;
  /** Room above the cards for the stage titles. */
  headerHeight: number;
}

export const DEFAULT_METRICS: GraphMetrics = {
  cardWidth: 220,
  cardHeight: 44,
  columnGap: 64,
  rowGap: 12,
  headerHeight: 32,
};

/** The computed picture: stage columns, job boxes and `needs` edges (SVG path data). */
export interface GraphLayout<J extends GraphJob> {
  columns: Array<{ stage: string; x: number }>;
  nodes: Array<{ job: J; x: number; y: number }>;
  edges: Array<{ from: string; to: string; path: string }>;
  width: number;
  height: number;
}

/**
 * Lays jobs out in one column per stage (the configuration's `stages` order, then stages in order of
 * their first job id), jobs sorted by name within a column, and draws a cubic edge from each needed
 * job's right side to the needing job's left side. Needs on jobs absent from the pipeline are dropped.
 */
export function layoutNeedsGraph<J extends GraphJob>(
  jobs: readonly J[],
  config: CiGraphConfig,
  metrics: GraphMetrics = DEFAULT_METRICS,
): GraphLayout<J> {
  const present = new Set(jobs.map((j) => j.stage));
  const order: string[] = config.stages.filter((s) => present.has(s));
  for (const job of [...jobs].sort((a, b) => a.id - b.id))
    if (!order.includes(job.stage)) order.push(job.stage);
  const { cardWidth, cardHeight, columnGap, rowGap, headerHeight } = metrics;
  const columns = order.map((stage, i) => ({ stage, x: i * (cardWidth + columnGap) }));
  const nodes: GraphLayout<J>['nodes'] = [];
  const byName = new Map<string, { x: number; y: number }>();
  let rows = 0;
  for (const column of columns) {
    const inStage = jobs.filter((j) => j.stage === column.stage).sort((a, b) => a.name.localeCompare(b.name));
    rows = Math.max(rows, inStage.length);
    inStage.forEach((job, row) => {
      const node = { job, x: column.x, y: headerHeight + row * (cardHeight + rowGap) };
      nodes.push(node);
      byName.set(job.name, node);
    });
  }
  const edges: GraphLayout<J>['edges'] = [];
  for (const node of nodes) {
    for (const need of config.needs[node.job.name] ?? []) {
      const from = byName.get(need);
      if (!from) continue;
      const x1 = from.x + cardWidth;
      const y1 = from.y + cardHeight / 2;
      const x2 = node.x;
      const y2 = node.y + cardHeight / 2;
      const bend = Math.max(24, (x2 - x1) / 2);
      edges.push({
        from: need,
        to: node.job.name,
        path: `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`,
      });
    }
  }
  const width = columns.length === 0 ? 0 : columns.length * cardWidth + (columns.length - 1) * columnGap;
  const height = headerHeight + rows * cardHeight + Math.max(0, rows - 1) * rowGap;
  return { columns, nodes, edges, width, height };
}
