/**
 * FORM-MODAL — the shell every create/edit dialog repeats: a titled Mantine `Modal` around a real
 * `<form>`, an error alert on top, the fields, and a Cancel / Submit footer.
 *
 * Usage:
 * ```tsx
 * <FormModal
 *   opened={opened}
 *   onClose={close}                  // Cancel, Escape and the overlay; ignored while `busy`
 *   title="New branch"               // a string is set in <Text fw={600}>, as the dialogs always did
 *   onSubmit={submit}                // called with the default already prevented
 *   busy={createBranch.isPending}    // Submit shows a loader, Cancel and closing are disabled
 *   submitLabel="Create branch"
 *   error={createBranch.isError ? createBranch.error : null}
 *   errorTitle="The branch was not created"
 * >
 *   <TextInput label="Branch name" data-autofocus … />
 * </FormModal>
 * ```
 * Keyboard: Enter in a text input submits (native form submit); Ctrl/⌘+Enter submits from anywhere in
 * the form, textareas included. Forms that keep their own state per opening can render
 * {@link FormModalBody} inside their own `Modal` (mounted only while open) instead.
 */
import { Alert, Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { describeError } from '../../api/describe-error.js';

/** Props of {@link FormModalBody}: the form, its alerts and its footer. */
export interface FormModalBodyProps {
  /** The fields. */
  children: ReactNode;
  /** Called on submit (Enter, Ctrl/⌘+Enter or the Submit button) with `preventDefault` done. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Cancel button handler (the dialog's close, which the shell does not call while busy). */
  onCancel: () => void;
  /** Text of the submit button, e.g. "Create branch". */
  submitLabel: ReactNode;
  /** Text of the cancel button (default "Cancel"). */
  cancelLabel?: ReactNode;
  /** A request is in flight: Submit shows a loader, Cancel is disabled. */
  busy?: boolean;
  /** Submit button colour (e.g. "red" for deletions); Mantine's primary by default. */
  submitColor?: string;
  /** Disables the submit button (e.g. nothing to save yet). */
  submitDisabled?: boolean;
  /** Leave the submit button out (e.g. after a partial success, when only Close makes sense). */
  hideSubmit?: boolean;
  /**
   * The last attempt's error, shown in a red alert above the fields: an `Error`/`ApiError` (described
   * with `describeError`), a ready sentence, or null/undefined/false for none.
   */
  error?: unknown;
  /** Title of the error alert, e.g. "The branch was not created". */
  errorTitle?: ReactNode;
  /** Anything shown between the error alert and the fields (notices, partial-success alerts). */
  notices?: ReactNode;
  /** Extra top margin of the footer (the admin dialogs use "xs"). */
  footerMt?: string;
  /** `noValidate` on the form (default true: the dialogs validate themselves and show inline errors). */
  noValidate?: boolean;
  /** `data-testid` of the form element. */
  formTestId?: string;
  /** `autoComplete` of the form element. */
  autoComplete?: string;
}

/** Props of {@link FormModal}: the body's, plus the Modal's. */
export interface FormModalProps extends Omit<FormModalBodyProps, 'onCancel'> {
  opened: boolean;
  /** Close request (Cancel, Escape, overlay); not called while `busy`. */
  onClose: () => void;
  /** Dialog title; a string is shown in semibold text. */
  title: ReactNode;
  /** Modal size (Mantine's, default "md"). */
  size?: ModalProps['size'];
  /** Whether a click on the overlay closes the dialog (default true). */
  closeOnClickOutside?: boolean;
}

/** True for Ctrl+Enter or ⌘+Enter. */
function isModEnter(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** The text of an error for the alert: a string as given, anything else through `describeError`. */
function errorText(error: unknown): string {
  return typeof error === 'string' ? error : describeError(error);
}

/**
 * The red alert of a failed submit, for dialogs and inline forms alike: nothing when `error` is
 * null/undefined/false, a ready sentence as given, anything else through `describeError`.
 */
export function FormErrorAlert({ error, title }: { error: unknown; title?: ReactNode }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title}>
      {errorText(error)}
    </Alert>
  );
}

/** The form inside a dialog: error alert, notices, the fields and the Cancel / Submit footer. */
export function FormModalBody({
  children,
  onSubmit,
  onCancel,
  submitLabel,
  cancelLabel = 'Cancel',
  busy = false,
  submitColor,
  submitDisabled,
  hideSubmit = false,
  error,
  errorTitle,
  notices,
  footerMt,
  noValidate = true,
  formTestId,
  autoComplete,
}: FormModalBodyProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
      onKeyDown={(event) => {
        if (!isModEnter(event) || busy || hideSubmit || submitDisabled) return;
        event.preventDefault();
        event.currentTarget.requestSubmit();
      }}
      noValidate={noValidate}
      data-testid={formTestId}
      autoComplete={autoComplete}
    >
      <Stack gap="md">
        <FormErrorAlert error={error} title={errorTitle} />
        {notices}
        {children}
        <Group justify="flex-end" gap="sm" mt={footerMt}>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          {hideSubmit ? null : (
            <Button type="submit" color={submitColor} loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** A titled dialog around {@link FormModalBody}; closing is ignored while `busy`. */
export function FormModal({ opened, onClose, title, size, closeOnClickOutside, ...body }: FormModalProps) {
  const close = () => {
    if (!body.busy) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={typeof title === 'string' ? <Text fw={600}>{title}</Text> : title}
      size={size}
      closeOnClickOutside={closeOnClickOutside}
    >
      <FormModalBody {...body} onCancel={close} />
    </Modal>
  );
}
