import { Textarea, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { FormErrorAlert, FormModal, type FormModalProps } from './form-modal.js';

/** A dialog with one input and one textarea that records what it was asked to do. */
function Harness(props: Partial<FormModalProps> & { log: string[] }) {
  const { log, ...rest } = props;
  const [opened, setOpened] = useState(true);
  return (
    <FormModal
      opened={opened}
      onClose={() => {
        log.push('close');
        setOpened(false);
      }}
      title="New thing"
      onSubmit={() => log.push('submit')}
      submitLabel="Create thing"
      {...rest}
    >
      <TextInput label="Name" />
      <Textarea label="Notes" />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('shows the title, the fields and a Cancel / Submit footer; Submit and Enter submit the form', () => {
    const log: string[] = [];
    renderWithProviders(<Harness log={log} />);
    expect(screen.getByRole('dialog', { name: 'New thing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(log).toEqual(['submit']);
    fireEvent.submit(screen.getByLabelText('Name').closest('form')!);
    expect(log).toEqual(['submit', 'submit']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(log).toEqual(['submit', 'submit', 'close']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits with Ctrl+Enter or ⌘+Enter from a textarea, but not with a bare Enter there', () => {
    const log: string[] = [];
    renderWithProviders(<Harness log={log} />);
    const notes = screen.getByLabelText('Notes');
    fireEvent.keyDown(notes, { key: 'Enter' });
    expect(log).toEqual([]);
    fireEvent.keyDown(notes, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(notes, { key: 'Enter', metaKey: true });
    expect(log).toEqual(['submit', 'submit']);
  });

  it('while busy: the submit button loads, Cancel is disabled and neither Escape nor Ctrl+Enter acts', () => {
    const log: string[] = [];
    renderWithProviders(<Harness log={log} busy />);
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    const submit = screen.getByRole('button', { name: 'Create thing' });
    expect(submit.getAttribute('data-loading')).toBe('true');
    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(log).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('describes an API error in a titled alert, and shows a ready sentence as given', () => {
    const log: string[] = [];
    const first = renderWithProviders(
      <Harness
        log={log}
        error={new ApiError(400, { message: 'Branch already exists' })}
        errorTitle="The thing was not created"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The thing was not created');
    expect(alert.textContent).toContain('Branch already exists');
    first.unmount();
    const second = renderWithProviders(<Harness log={log} error="Name is taken." errorTitle="Not saved" />);
    expect(screen.getByRole('alert').textContent).toContain('Name is taken.');
    second.unmount();
    renderWithProviders(<Harness log={log} error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can hide the submit button, rename Cancel and disable Submit', () => {
    const log: string[] = [];
    const first = renderWithProviders(<Harness log={log} hideSubmit cancelLabel="Close" />);
    expect(screen.queryByRole('button', { name: 'Create thing' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    first.unmount();
    renderWithProviders(<Harness log={log} submitDisabled />);
    const submit = screen.getByRole('button', { name: 'Create thing' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'Enter', ctrlKey: true });
    expect(log).toEqual([]);
  });

  it('FormErrorAlert (inline forms): nothing for false, the described error with its title otherwise', () => {
    const first = renderWithProviders(<FormErrorAlert error={false} title="Not protected" />);
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();
    renderWithProviders(<FormErrorAlert error={new Error('Branch is protected')} title="Not protected" />);
    expect(screen.getByRole('alert').textContent).toBe('Not protectedBranch is protected');
  });
});
