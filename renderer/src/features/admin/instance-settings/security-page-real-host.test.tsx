/**
 * Admin → Security against a real core behind the real browser host: the unsandboxed-jobs switch asks
 * first and warns in red, saving stores the settings in the core, and the core's per-field refusals
 * show under their fields with nothing stored.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge, ProfileSummary } from '../../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import type { ApplicationSettings } from '../../../api/admin/instance-settings/types.js';
import { SecurityPage } from './security-page.js';

let session: RealHostSession;
let bridge: OutpostBridge;
let profile: ProfileSummary;

/** The settings as the core has them now, read through the real bridge. */
const storedSettings = () => session.api<ApplicationSettings>('GET', '/application/settings');

beforeAll(async () => {
  session = await openRealHostSession();
  bridge = session.bridge;
  const profiles = await bridge.profiles.list();
  profile = profiles.find((candidate) => candidate.id === session.profileId)!;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

function renderPage() {
  return renderWithProviders(<SecurityPage />, { bridge, profile });
}

const unsandboxedSwitch = () => screen.getByRole('switch', { name: /Allow jobs to run without a sandbox/ });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;

describe('Security screen on the real browser host', () => {
  it('asks before allowing unsandboxed jobs, warns in red, and stores the choice', async () => {
    renderPage();
    await screen.findByTestId('security-settings-form', {}, { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Pipeline jobs' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Imports and outbound requests' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Default branch protection' })).toBeTruthy();
    expect((unsandboxedSwitch() as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('unsandboxed-warning')).toBeNull();

    // Cancel leaves it off.
    fireEvent.click(unsandboxedSwitch());
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Any user who can push a .gitlab-ci.yml/)).toBeTruthy();
    expect(within(dialog).getByText(/read every token this app holds/)).toBeTruthy();
    expect(within(dialog).getByText(/the data dir/)).toBeTruthy();
    // Focus starts on Cancel: Enter alone never loosens the instance.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((unsandboxedSwitch() as HTMLInputElement).checked).toBe(false);
    expect(saveButton().disabled).toBe(true);

    // Confirming turns it on, with the red warning; saving stores it.
    fireEvent.click(unsandboxedSwitch());
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow unsandboxed jobs' }));
    await waitFor(() => expect((unsandboxedSwitch() as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('unsandboxed-warning').textContent).toMatch(
      /any user who can push a \.gitlab-ci\.yml can read every token/,
    );
    expect(screen.getByTestId('unsaved-changes').textContent).toBe('1 unsaved change.');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Security settings saved', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await storedSettings()).allow_unsandboxed_ci_jobs).toBe(true);
    expect(screen.getByTestId('unsaved-changes').textContent).toBe('No unsaved changes.');

    // Turning it off needs no question.
    fireEvent.click(unsandboxedSwitch());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('unsandboxed-warning')).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(async () => expect((await storedSettings()).allow_unsandboxed_ci_jobs).toBe(false), {
      timeout: 10_000,
    });
  });

  it('shows the core’s refusals under their fields and stores nothing', async () => {
    renderPage();
    await screen.findByTestId('security-settings-form', {}, { timeout: 10_000 });
    const concurrent = screen.getByRole('textbox', { name: 'Concurrent jobs' });
    const memory = screen.getByRole('textbox', { name: 'Memory per job process' });
    const cpu = screen.getByRole('textbox', { name: 'CPU time per job process' });

    // An empty limit is caught before asking.
    fireEvent.change(cpu, { target: { value: '' } });
    expect(await screen.findByText('Enter a whole number.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(cpu, { target: { value: '120' } });

    // Out of range: the core refuses both limits and keeps the valid CPU time too.
    fireEvent.change(concurrent, { target: { value: '0' } });
    fireEvent.change(memory, { target: { value: '10' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Must be between 1 and 64.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Must be between 64 and 1048576.')).toBeTruthy();
    expect(concurrent.getAttribute('aria-invalid')).toBe('true');
    expect(memory.getAttribute('aria-invalid')).toBe('true');
    expect(cpu.getAttribute('aria-invalid')).not.toBe('true');
    const stored = await storedSettings();
    expect(stored.ci_concurrent_jobs).toBe(2);
    expect(stored.ci_job_memory_limit_mb).toBe(4096);
    expect(stored.ci_job_cpu_limit_seconds).toBe(3600);

    // Editing a field clears its error; valid values are stored.
    fireEvent.change(concurrent, { target: { value: '3' } });
    expect(screen.queryByText('Must be between 1 and 64.')).toBeNull();
    fireEvent.change(memory, { target: { value: '2048' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Security settings saved', {}, { timeout: 10_000 })).toBeTruthy();
    const saved = await storedSettings();
    expect(saved.ci_concurrent_jobs).toBe(3);
    expect(saved.ci_job_memory_limit_mb).toBe(2048);
    expect(saved.ci_job_cpu_limit_seconds).toBe(120);
  });

  it('shows the job log size and process limits and stores them, refusing values out of range', async () => {
    renderPage();
    await screen.findByTestId('security-settings-form', {}, { timeout: 10_000 });
    const section = screen.getByRole('region', { name: 'Pipeline jobs' });
    const log = within(section).getByRole('textbox', { name: 'Job log size' }) as HTMLInputElement;
    const processes = within(section).getByRole('textbox', { name: 'Processes per job' }) as HTMLInputElement;
    // The core's defaults: GitLab Runner's 4,096 KiB output_limit, 512 processes.
    expect(log.value).toBe('4,096');
    expect(processes.value).toBe('512');
    expect(within(section).getByText('KiB')).toBeTruthy();
    expect(within(section).getByText(/GitLab Runner’s output_limit/)).toBeTruthy();

    fireEvent.change(log, { target: { value: '0' } });
    fireEvent.change(processes, { target: { value: '15' } });
    expect(screen.getByTestId('unsaved-changes').textContent).toBe('2 unsaved changes.');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Must be between 1 and 1048576.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Must be between 16 and 65536.')).toBeTruthy();
    expect(log.getAttribute('aria-invalid')).toBe('true');
    expect(processes.getAttribute('aria-invalid')).toBe('true');
    let stored = await storedSettings();
    expect(stored.ci_job_output_limit_kb).toBe(4096);
    expect(stored.ci_job_process_limit).toBe(512);

    fireEvent.change(log, { target: { value: '256' } });
    fireEvent.change(processes, { target: { value: '128' } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('Updated: job processes, job log size.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    stored = await storedSettings();
    expect(stored.ci_job_output_limit_kb).toBe(256);
    expect(stored.ci_job_process_limit).toBe(128);
  });

  it('shows the build directory size and stores it, refusing a value out of range', async () => {
    renderPage();
    await screen.findByTestId('security-settings-form', {}, { timeout: 10_000 });
    const section = screen.getByRole('region', { name: 'Pipeline jobs' });
    const size = within(section).getByRole('textbox', { name: 'Build directory size' }) as HTMLInputElement;
    expect(size.value).toBe('10,240'); // the core's default
    expect(within(section).getByText(/largest file a job may write/)).toBeTruthy();

    fireEvent.change(size, { target: { value: '15' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Must be between 16 and 1048576.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect((await storedSettings()).ci_job_build_dir_limit_mb).toBe(10_240);

    fireEvent.change(size, { target: { value: '2048' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Security settings saved', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await storedSettings()).ci_job_build_dir_limit_mb).toBe(2048);
  });

  it('offers GitLab’s five default branch protections and stores the one chosen', async () => {
    renderPage();
    await screen.findByTestId('security-settings-form', {}, { timeout: 10_000 });
    const select = screen.getByRole('combobox', { name: 'Initial default branch protection' });
    expect((select as HTMLInputElement).value).toBe('Fully protected');
    fireEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not protected',
      'Protected against pushes',
      'Partially protected',
      'Fully protected',
      'Fully protected after initial push',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Partially protected' }));
    expect(
      screen.getByText(/Developers and maintainers can push new commits; nobody can force push/),
    ).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Security settings saved', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await storedSettings()).default_branch_protection).toBe(1);
  });
});
