import {
  Checkbox,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../../../shared/api-types/users.js';
import {
  useCreateUser,
  useUpdateUser,
  type CreateUserInput,
  type UpdateUserInput,
} from '../../../api/admin/users/mutations.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { attributeName, toFormErrors, type FormErrors } from '../form-errors.js';

/** Props of {@link UserFormModal}. */
export interface UserFormModalProps {
  profileId: string;
  opened: boolean;
  /** The user to edit; null to create one. */
  user: User | null;
  onClose: () => void;
  /** After a create, with the new user. */
  onCreated?: (user: User) => void;
}

type Field = 'name' | 'username' | 'email' | 'password' | 'projectsLimit' | 'note';

const ATTRIBUTE_FIELDS: Record<string, Field> = {
  name: 'name',
  username: 'username',
  email: 'email',
  password: 'password',
  projects_limit: 'projectsLimit',
  note: 'note',
};

/** The field a GitLab 409 sentence is about ("Email has already been taken"). */
function conflictField(message: string): Field | null {
  if (/^email/i.test(message)) return 'email';
  if (/^username/i.test(message)) return 'username';
  return null;
}

/** Checks what GitLab would refuse, before sending (doc/api/users.md "Create a user": required fields). */
function checkFields(input: {
  name: string;
  username: string;
  email: string;
  password: string;
  passwordMode: 'reset' | 'set';
  creating: boolean;
}): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!input.name.trim()) errors.name = 'Give a name.';
  if (input.creating && !/^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/.test(input.username.trim()))
    errors.username = 'Use letters, digits, _, . and - (not starting with -).';
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email.trim())) errors.email = 'Give an e-mail address.';
  if (input.creating && input.passwordMode === 'set' && input.password.length < 8)
    errors.password = 'At least 8 characters.';
  return errors;
}

/**
 * "New user" and "Edit user": name, username (new only), e-mail, password (new only: set one, or let
 * GitLab send a reset link), administrator, external, can create groups, projects limit and the admin
 * note (doc/api/users.md "Create a user", "Modify a user"). GitLab's 409s ("Email has already been
 * taken") and 400s show under their field; nothing is lost on a refusal.
 */
export function UserFormModal({ profileId, opened, user, onClose, onCreated }: UserFormModalProps) {
  return (
    <AdminDialog
      opened={opened}
      onClose={onClose}
      title={user ? `Edit ${user.username}` : 'New user'}
      size="lg"
    >
      <UserForm profileId={profileId} user={user} onClose={onClose} onCreated={onCreated} />
    </AdminDialog>
  );
}

function UserForm({ profileId, user, onClose, onCreated }: Omit<UserFormModalProps, 'opened'>) {
  const creating = user === null;
  const [name, setName] = useState(user?.name ?? '');
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [passwordMode, setPasswordMode] = useState<'reset' | 'set'>('reset');
  const [password, setPassword] = useState('');
  const [admin, setAdmin] = useState(user?.is_admin ?? false);
  const [external, setExternal] = useState(user?.external ?? false);
  const [canCreateGroup, setCanCreateGroup] = useState(user?.can_create_group ?? true);
  const [projectsLimit, setProjectsLimit] = useState<number | string>(user?.projects_limit ?? 100000);
  const [note, setNote] = useState(user?.note ?? '');
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateUser(profileId);
  const update = useUpdateUser(profileId);
  const mutation = creating ? create : update;

  const server: FormErrors<Field> = mutation.error
    ? (() => {
        const errors = toFormErrors<Field>(
          mutation.error,
          (attribute) => ATTRIBUTE_FIELDS[attributeName(attribute)] ?? null,
        );
        const field = errors.general ? conflictField(errors.general) : null;
        return field
          ? { fields: { ...errors.fields, [field]: errors.general ?? '' }, general: null }
          : errors;
      })()
    : { fields: {}, general: null };
  const errorOf = (field: Field) => local[field] ?? server.fields[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields({ name, username, email, password, passwordMode, creating });
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    const limit = typeof projectsLimit === 'number' ? projectsLimit : Number(projectsLimit || 0);
    if (creating) {
      const input: CreateUserInput = {
        name: name.trim(),
        username: username.trim(),
        email: email.trim(),
        ...(passwordMode === 'set' ? { password, skip_confirmation: true } : { reset_password: true }),
        admin,
        external,
        can_create_group: canCreateGroup,
        projects_limit: limit,
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      create.mutate(input, {
        onSuccess: (created) =>
          announceAndClose(
            onClose,
            () => ({
              title: 'User created',
              message: `${created.username} can sign in${passwordMode === 'reset' ? ' once they set a password from the e-mailed link' : ''}.`,
            }),
            () => onCreated?.(created),
          )(created),
      });
      return;
    }
    const input: UpdateUserInput = {};
    if (name.trim() !== user.name) input.name = name.trim();
    if (email.trim() !== (user.email ?? '')) input.email = email.trim();
    if (admin !== (user.is_admin ?? false)) input.admin = admin;
    if (external !== (user.external ?? false)) input.external = external;
    if (canCreateGroup !== (user.can_create_group ?? true)) input.can_create_group = canCreateGroup;
    if (limit !== (user.projects_limit ?? limit)) input.projects_limit = limit;
    if (note.trim() !== (user.note ?? '')) input.note = note.trim();
    if (Object.keys(input).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: user.id, input },
      {
        onSuccess: announceAndClose(onClose, (saved) => ({
          title: 'User saved',
          message: `${saved.username} updated.`,
        })),
      },
    );
  };

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={creating ? 'Create user' : 'Save changes'}
      busy={mutation.isPending}
      error={server.general}
      errorTitle={creating ? 'The user was not created' : 'The user was not saved'}
      formTestId="user-form"
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errorOf('name')}
          data-autofocus
        />
        <TextInput
          label="Username"
          required
          disabled={!creating}
          description={creating ? undefined : 'Usernames are changed by the user, or in GitLab.'}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errorOf('username')}
        />
        <TextInput
          label="E-mail"
          required
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errorOf('email')}
        />
        {creating ? (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Password
            </Text>
            <SegmentedControl
              size="xs"
              value={passwordMode}
              onChange={(value) => setPasswordMode(value as 'reset' | 'set')}
              data={[
                { value: 'reset', label: 'E-mail a reset link' },
                { value: 'set', label: 'Set a password' },
              ]}
              aria-label="Password"
            />
            {passwordMode === 'set' ? (
              <PasswordInput
                label="Password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errorOf('password')}
                autoComplete="new-password"
              />
            ) : null}
          </Stack>
        ) : null}
        <Checkbox
          label="Administrator: full access to every project, group and setting"
          checked={admin}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
        />
        <Checkbox
          label="External: sees only projects they are a member of, and cannot create groups or projects"
          checked={external}
          onChange={(e) => setExternal(e.currentTarget.checked)}
        />
        <Checkbox
          label="Can create top-level groups"
          checked={canCreateGroup}
          onChange={(e) => setCanCreateGroup(e.currentTarget.checked)}
        />
        <NumberInput
          label="Projects limit"
          description="Personal projects the user may create (0: none)."
          min={0}
          value={projectsLimit}
          onChange={setProjectsLimit}
          error={errorOf('projectsLimit')}
          w={220}
        />
        <Textarea
          label="Admin note"
          description="Seen by administrators only."
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errorOf('note')}
        />
      </Stack>
    </FormModalBody>
  );
}
