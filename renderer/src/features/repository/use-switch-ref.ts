import { useSearchParams } from 'react-router';
import { useRepository } from './repository-context.js';

/**
 * Switch the ref being browsed: same screen and path, new `?ref=` (dropped for the default branch,
 * so links stay short).
 */
export function useSwitchRef(): (ref: string) => void {
  const { defaultBranch } = useRepository();
  const [params, setParams] = useSearchParams();
  return (ref: string) => {
    const next = new URLSearchParams(params);
    if (ref === defaultBranch) next.delete('ref');
    else next.set('ref', ref);
    setParams(next);
  };
}

/** The ref to put in links: undefined for the default branch. */
export function useLinkRef(): string | undefined {
  const { ref, defaultBranch } = useRepository();
  return ref && ref !== defaultBranch ? ref : undefined;
}
