import { describe, expect, it } from 'vitest';
import { countCases, parseJunitXml } from './junit.js';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="math" tests="4">
    <testcase classname="math.Add" name="adds" time="0.25" file="test/add.js"/>
    <testcase classname="math.Add" name="overflows" time="0.5">
      <failure message="expected 2 got 3">AssertionError: expected 2 got 3
    at add.test.js:10</failure>
      <system-out>[[ATTACHMENT|screens/fail.png]]</system-out>
    </testcase>
    <testcase classname="math.Div" name="by zero" time="0.125"><error message="boom"/></testcase>
    <testcase classname="math.Div" name="later" time="0"><skipped/></testcase>
  </testsuite>
  <testsuite name="nested">
    <testsuite name="inner">
      <testcase classname="n.I" name="deep &amp; fine" time="1"/>
    </testsuite>
  </testsuite>
</testsuites>`;

describe('parseJunitXml', () => {
  it('reads cases, statuses, outputs and attachments like GitLab', () => {
    const r = parseJunitXml(XML);
    expect(r.suiteError).toBeNull();
    expect(r.cases.map((c) => [c.name, c.status])).toEqual([
      ['adds', 'success'],
      ['overflows', 'failed'],
      ['by zero', 'error'],
      ['later', 'skipped'],
      ['deep & fine', 'success'],
    ]);
    expect(r.cases[0]).toMatchObject({
      classname: 'math.Add',
      file: 'test/add.js',
      execution_time: 0.25,
      system_output: null,
    });
    expect(r.cases[1]!.system_output).toContain('AssertionError: expected 2 got 3');
    expect(r.cases[1]!.attachment).toBe('screens/fail.png');
    expect(r.cases[2]!.system_output).toBe('boom');
    expect(countCases(r.cases)).toEqual({
      total_time: 1.875,
      total_count: 5,
      success_count: 2,
      failed_count: 1,
      skipped_count: 1,
      error_count: 1,
    });
  });

  it('accepts a single top-level testsuite and appends to a report', () => {
    const r = parseJunitXml('<testsuite name="s"><testcase name="one" classname="c"/></testsuite>');
    parseJunitXml('<testsuite><testcase name="two" classname="c" time="2"/></testsuite>', r);
    expect(r.cases.map((c) => c.name)).toEqual(['one', 'two']);
  });

  it('reports invalid XML as the suite error', () => {
    expect(parseJunitXml('<testsuite><testcase></testsuite>').suiteError).toMatch(
      /^JUnit XML parsing failed: /,
    );
  });
});
