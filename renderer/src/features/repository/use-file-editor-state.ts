import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { joinPath, trimSlashes } from '../../api/repository/file-path.js';
import { useCreateFile, useUpdateFile } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { RepositoryFile } from '../../api/repository/types.js';
import { describeCommitProblem } from './commit-problem.js';
import type { MergeRequestOfferState } from './merge-request-offer.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { useRefBranch } from './use-ref-is-branch.js';

/** A branch name for "commit to a new branch": `<ref>-patch-1234`, made safe for git. */
export function suggestBranchName(ref: string, random: number): string {
  const base = ref.replace(/[^A-Za-z0-9._/-]+/g, '-').replace(/^[-./]+|[-./]+$/g, '') || 'branch';
  return `${base}-patch-${String(Math.floor(random * 9000) + 1000)}`;
}

/** Props of the editor form (and of {@link useEditorFormState}). */
export interface EditorFormProps {
  mode: 'edit' | 'new';
  /** The file (edit) or the folder the new file goes in (new). */
  path: string;
  /** The file as loaded (edit only). */
  file: RepositoryFile | null;
  initialContent: string;
  /** Replace the editor with the latest version of the file (after a conflict). */
  onReload?: () => void;
  reloading?: boolean;
}

/**
 * State of the file editor form: the new file's name, the content, the commit message, the target
 * (the current branch, or a new one — chosen for you when you may not push here, forced for a tag or
 * commit), and the commit itself (`POST`/`PUT …/repository/files/:path`, sending the version the edit
 * started from so a file changed meanwhile is refused with a conflict). On success it notifies and
 * opens the file on the branch it went to, offering a merge request for a new branch.
 */
export function useEditorFormState({ mode, path, file, initialContent }: EditorFormProps) {
  const { profileId, projectId, ref, defaultBranch, empty } = useRepository();
  const navigate = useNavigate();
  const { isBranch, canPush } = useRefBranch();
  // `?file_name=` prefills a new file's name, as GitLab's `-/new/<ref>?file_name=` (Run pipeline's
  // "Create .gitlab-ci.yml" link).
  const [searchParams] = useSearchParams();
  const [name, setName] = useState(() => (mode === 'new' ? (searchParams.get('file_name') ?? '') : ''));
  const [content, setContent] = useState(initialContent);
  // The version this edit started from; a stale one makes the instance refuse the commit (400).
  // Fixed at mount: the query refreshes after commits, but only "Load the latest version" rebases.
  const [baseCommitId] = useState(file?.last_commit_id);
  const [message, setMessage] = useState('');
  // null: chosen for you (a new branch when you may not push to this one).
  const [target, setTarget] = useState<'current' | 'new' | null>(null);
  const [newBranch, setNewBranch] = useState(() => suggestBranchName(ref || 'main', Math.random()));
  const [nameError, setNameError] = useState<string | null>(null);
  const createFile = useCreateFile(profileId, projectId);
  const updateFile = useUpdateFile(profileId, projectId);
  const mutation = mode === 'edit' ? updateFile : createFile;

  const filePath = mode === 'edit' ? path : joinPath(path, name.trim());
  const defaultMessage = mode === 'edit' ? `Update ${filePath}` : `Add ${filePath || 'a new file'}`;
  // An empty repository has no branch to start from: the first commit creates the default branch.
  const branchTarget = empty ? ref || defaultBranch || 'main' : ref;
  const canCommitToCurrent = empty || isBranch !== false;
  const refused = !empty && isBranch === true && canPush === false;
  const effectiveTarget = !canCommitToCurrent ? 'new' : (target ?? (refused ? 'new' : 'current'));
  const branch = effectiveTarget === 'new' ? newBranch.trim() : branchTarget;
  const problem = mutation.isError ? describeCommitProblem(mutation.error, branch) : null;
  // The refusal appears next to the Commit button; make sure it is on screen.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isError) problemRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [mutation.isError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'new' && !name.trim()) {
      setNameError('Enter a file name.');
      return;
    }
    if (mode === 'new' && /(^|\/)\.\.?(\/|$)/.test(name.trim())) {
      setNameError('A path can’t contain . or .. segments.');
      return;
    }
    setNameError(null);
    if (effectiveTarget === 'new' && !branch) return;
    const input = {
      path: filePath,
      branch,
      startBranch: effectiveTarget === 'new' && !empty ? ref : undefined,
      commitMessage: message.trim() || defaultMessage,
      content,
    };
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        title: 'Changes committed',
        message: `${filePath} was ${mode === 'edit' ? 'updated' : 'added'} on ${branch}.`,
      });
      const offer: MergeRequestOfferState | undefined =
        effectiveTarget === 'new' && !empty ? { offerMergeRequest: branch } : undefined;
      navigate(fileRoute(projectId, 'blob', filePath, branch === defaultBranch ? undefined : branch), {
        state: offer,
      });
    };
    if (mode === 'edit') updateFile.mutate({ ...input, lastCommitId: baseCommitId }, { onSuccess });
    else createFile.mutate(input, { onSuccess });
  };

  const cancelTo =
    mode === 'edit'
      ? fileRoute(projectId, 'blob', path, ref === defaultBranch ? undefined : ref)
      : fileRoute(projectId, 'tree', path, ref === defaultBranch ? undefined : ref);

  return {
    name,
    setName,
    nameError,
    content,
    setContent,
    message,
    setMessage,
    setTarget,
    newBranch,
    setNewBranch,
    mutation,
    defaultMessage,
    branchTarget,
    canCommitToCurrent,
    refused,
    effectiveTarget,
    problem,
    problemRef,
    submit,
    cancelTo,
  };
}

/**
 * State of the file editor page: the path from the address, the file being edited (`GET
 * …/repository/files/:path` at the current ref, fresh on mount; not asked for a new file) and "Load the
 * latest version", which fetches the file again and remounts the form on it (`version` is its key).
 */
export function useFileEditorPageState(mode: 'edit' | 'new') {
  const { profileId, projectId, ref } = useRepository();
  const path = trimSlashes(useParams()['*'] ?? '');
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  const [reloading, setReloading] = useState(false);
  const file = useQuery({
    ...repositoryQueries.file(profileId, projectId, ref, path),
    enabled: mode === 'edit',
    // Start from what is on the branch now; later refreshes don't reset the editor (keyed by reloads).
    staleTime: 0,
    refetchOnMount: 'always',
  });

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.fetchQuery({
        ...repositoryQueries.file(profileId, projectId, ref, path),
        staleTime: 0,
      });
      setVersion((current) => current + 1);
    } finally {
      setReloading(false);
    }
  };

  return { path, file, version, reload, reloading };
}
