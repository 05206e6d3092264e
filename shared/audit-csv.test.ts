import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from './audit-events.js';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_HEADER,
  auditCsvLines,
  auditCsvRecord,
  csvCell,
  csvLine,
  formulaSafeCell,
} from './audit-csv.js';

const event = (details: AuditEvent['details'], extra: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 7,
  author_id: 1,
  entity_id: 3,
  entity_type: 'Project',
  created_at: '2025-03-01T10:00:00.000Z',
  details,
  ...extra,
});

describe('formulaSafeCell', () => {
  it.each(['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")'])(
    'prefixes %j',
    (text) => expect(formulaSafeCell(text)).toBe(`'${text}`),
  );
  it.each(['plain', 'a=b', ' =1', '', "'quoted", '1-2'])('keeps %j', (text) =>
    expect(formulaSafeCell(text)).toBe(text),
  );
});

describe('csvCell', () => {
  it('writes numbers as numbers, even negative ones, and never evaluates text', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
  });
});

describe('auditCsvRecord', () => {
  it('follows the column order and renders each action form as text', () => {
    const row = auditCsvRecord(
      event({
        change: 'visibility_level',
        from: 'private',
        to: 'public',
        author_name: 'Ada',
        entity_path: 'group/app',
        target_type: 'Project',
        target_id: 3,
        target_details: 'group/app',
        ip_address: '127.0.0.1',
      }),
    );
    expect(Object.fromEntries(AUDIT_CSV_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      id: '7',
      created_at: '2025-03-01T10:00:00.000Z',
      author_id: '1',
      author_name: 'Ada',
      entity_type: 'Project',
      entity_id: '3',
      entity_path: 'group/app',
      action: 'Changed visibility_level from private to public',
      from: 'private',
      to: 'public',
      target_type: 'Project',
      target_id: '3',
      target_details: 'group/app',
      ip_address: '127.0.0.1',
    });
    const action = (details: AuditEvent['details']) => auditCsvRecord(event(details))[7];
    expect(action({ add: 'user_access', as: 'Developer' })).toBe('Added user_access as Developer');
    expect(action({ remove: 'project' })).toBe('Removed project');
    expect(action({ custom_message: 'Project archived' })).toBe('Project archived');
    expect(action({ add: 'project', custom_message: 'Added project a/b' })).toBe('Added project a/b');
    expect(action({ change: 'archived', from: false, to: true })).toBe('Changed archived from false to true');
    expect(action({ change: 'name', from: null, to: 'x' })).toBe('Changed name from (none) to x');
    expect(action({})).toBe('Unknown action');
    // from/to only for a change.
    expect(auditCsvRecord(event({ add: 'x', from: 'a' }))[8]).toBe('');
  });

  it('round-trips commas, quotes and newlines through csv-stringify and csv-parse', () => {
    const nasty = 'Ada, "The Countess"\nLovelace\r\nend';
    const row = auditCsvRecord(event({ author_name: nasty, target_details: '=cmd|"/C calc"!A0' }));
    const text = stringify([row], { header: true, columns: [...AUDIT_CSV_COLUMNS] });
    const [parsed] = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(parsed?.author_name).toBe(nasty);
    expect(parsed?.target_details).toBe('\'=cmd|"/C calc"!A0');
  });

  it('csvLine and auditCsvLines write CSV that csv-parse reads back cell for cell (quoting only where needed)', () => {
    const cells = [
      ['plain', '', 'with space', ' lead', 'trail '],
      ['a,b', 'say "hi"', 'two\nlines', 'cr\ronly', 'crlf\r\nend', '"', ',', '""'],
      ['naïve ✓ 日本', "'=1+1", 'tab\there', '-', '@x'],
    ];
    for (const row of cells) {
      const line = csvLine(row);
      expect(line.endsWith('\n')).toBe(true);
      expect(parse(line)).toEqual([row]);
    }
    expect(csvLine(['plain', 'a,b', 'say "hi"'])).toBe('plain,"a,b","say ""hi"""\n');
    expect(AUDIT_CSV_HEADER).toBe(stringify([[...AUDIT_CSV_COLUMNS]]));
    const events = [
      event({ author_name: 'Ada, "The Countess"\nLovelace', custom_message: 'x' }),
      event({ change: 'access_level', from: 'Developer', to: 'Maintainer' }, { id: 8 }),
    ];
    const text = AUDIT_CSV_HEADER + auditCsvLines(events);
    expect(parse(text, { columns: true })).toEqual(
      parse(stringify(events.map(auditCsvRecord), { header: true, columns: [...AUDIT_CSV_COLUMNS] }), {
        columns: true,
      }),
    );
    expect(auditCsvLines([])).toBe('');
  });
});
