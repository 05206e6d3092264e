/**
 * JUnit XML (`artifacts:reports:junit`) → test cases, as GitLab's parser reads it
 * (lib/gitlab/ci/parsers/test/junit.rb; doc/ci/testing/unit_test_reports.md): cases are found under a
 * top-level `<testsuites>` or `<testsuite>`, nested suites included; a `<failure>` makes the case
 * `failed`, `<error>` `error`, `<skipped>` `skipped`, anything else `success`. The element's text (or its
 * `message`) is the case's `system_output`; `[[ATTACHMENT|path]]` in `<system-out>` of a failure is its
 * attachment. Invalid XML becomes the suite's error, as GitLab reports it. Pure; unit-tested.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type TestCaseStatus = 'success' | 'failed' | 'skipped' | 'error';

export interface ParsedTestCase {
  status: TestCaseStatus;
  name: string;
  classname: string;
  file: string | null;
  /** Seconds. */
  execution_time: number;
  system_output: string | null;
  stack_trace: string | null;
  attachment: string | null;
}

export interface ParsedTestReport {
  cases: ParsedTestCase[];
  /** Set when a file could not be parsed (`JUnit XML parsing failed: …`). */
  suiteError: string | null;
}

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'testsuite' || name === 'testcase',
});

function asNodes(v: unknown): XmlNode[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.filter((n): n is XmlNode => typeof n === 'object' && n !== null);
}

function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (Array.isArray(v))
    return (
      v
        .map(text)
        .filter((s) => s !== null)
        .join('\n') || null
    );
  if (typeof v === 'object') {
    const node = v as XmlNode;
    const t = node['#text'];
    if (typeof t === 'string' && t !== '') return t;
    const m = node['@_message'];
    return typeof m === 'string' ? m : '';
  }
  return String(v);
}

const ATTACHMENT = /\[\[ATTACHMENT\|(.+?)\]\]/;

function toCase(node: XmlNode): ParsedTestCase {
  let status: TestCaseStatus = 'success';
  let output: string | null = null;
  let attachment: string | null = null;
  if ('failure' in node) {
    status = 'failed';
    output = text(node.failure);
    attachment = ATTACHMENT.exec(text(node['system-out']) ?? '')?.[1] ?? null;
  } else if ('error' in node) {
    status = 'error';
    output = text(node.error);
  } else if ('skipped' in node) {
    status = 'skipped';
    output = text(node.skipped);
  }
  const time = Number.parseFloat(String(node['@_time'] ?? '0'));
  const attr = (k: string) => (typeof node[`@_${k}`] === 'string' ? (node[`@_${k}`] as string) : null);
  return {
    status,
    name: attr('name') ?? '',
    classname: attr('classname') ?? '',
    file: attr('file'),
    execution_time: Number.isFinite(time) ? time : 0,
    system_output: output,
    stack_trace: null,
    attachment,
  };
}

function collect(node: XmlNode, out: ParsedTestCase[]): void {
  for (const tc of asNodes(node.testcase)) out.push(toCase(tc));
  for (const suite of asNodes(node.testsuite)) collect(suite, out);
}

/** Parse one JUnit XML document (appending to `into` when given). */
export function parseJunitXml(
  xml: string,
  into: ParsedTestReport = { cases: [], suiteError: null },
): ParsedTestReport {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    into.suiteError = `JUnit XML parsing failed: ${valid.err.msg} (line ${valid.err.line})`;
    return into;
  }
  try {
    const root = parser.parse(xml) as XmlNode;
    for (const top of asNodes(root.testsuites)) collect(top, into.cases);
    for (const suite of asNodes(root.testsuite)) collect(suite, into.cases);
  } catch (err) {
    into.suiteError = `JUnit data parsing failed: ${(err as Error).message}`;
  }
  return into;
}

/** Counters of a list of cases (GitLab's TestSuite: totals by status and summed execution time). */
export function countCases(cases: readonly ParsedTestCase[]): {
  total_time: number;
  total_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  error_count: number;
} {
  const by = (s: TestCaseStatus) => cases.filter((c) => c.status === s).length;
  return {
    total_time: Math.round(cases.reduce((t, c) => t + c.execution_time, 0) * 1e6) / 1e6,
    total_count: cases.length,
    success_count: by('success'),
    failed_count: by('failed'),
    skipped_count: by('skipped'),
    error_count: by('error'),
  };
}
