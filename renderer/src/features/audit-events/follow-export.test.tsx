import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../../../shared/ipc-contract.js';
import { createFakeBridge } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ExportProgress } from './export-progress.js';
import { followExportInBackground } from './follow-export.js';

const running: ExportStatus = {
  exportId: 'export-9',
  state: 'running',
  format: 'csv',
  written: 10,
  expected: 40,
  startedAt: '2026-11-22T12:00:00.000Z',
};

/** A bridge whose export runs for `runningPolls` status calls, then ends as `final`. */
function bridgeWithExport(runningPolls: number, final: Partial<ExportStatus>) {
  const fake = createFakeBridge(() => undefined);
  let calls = 0;
  fake.bridge.exports.status = async () => {
    calls += 1;
    return calls <= runningPolls ? running : { ...running, finishedAt: '2026-11-22T12:00:05.000Z', ...final };
  };
  return fake.bridge;
}

function Screen() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(false)}>Go elsewhere</button>
      {shown ? (
        <ExportProgress
          profileId="embedded"
          exportId="export-9"
          onDismiss={() => undefined}
          onRetry={() => undefined}
        />
      ) : null}
    </>
  );
}

describe('audit export follow-up', () => {
  afterEach(() => notifications.clean());

  it('leaving the screen mid-export still tells when the file is written', async () => {
    renderWithProviders(<Screen />, {
      bridge: bridgeWithExport(2, { state: 'done', written: 40, file: '/tmp/exports/audit.csv' }),
    });
    expect(await screen.findByText('10 of 40 events written')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(await screen.findByText('Audit export finished', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('40 events written to /tmp/exports/audit.csv.')).toBeTruthy();
  });

  it('reports a failure with the host’s reason', async () => {
    renderWithProviders(<div />, { bridge: bridgeWithExport(1, { state: 'failed', error: 'Disk full.' }) });
    const failed = await followExportInBackground('export-9', { intervalMs: 10 });
    expect(failed?.state).toBe('failed');
    expect(await screen.findByText('Audit export failed')).toBeTruthy();
    expect(screen.getByText('Disk full.')).toBeTruthy();
  });

  it('says nothing about a cancellation', async () => {
    renderWithProviders(<div />, { bridge: bridgeWithExport(1, { state: 'canceled' }) });
    expect((await followExportInBackground('export-9', { intervalMs: 10 }))?.state).toBe('canceled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Audit export/)).toBeNull();
  });
});
