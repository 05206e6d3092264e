import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { QueryContent, type QueryContentProps } from './query-content.js';

type Query = QueryContentProps<string[]>['query'];

function query(patch: Partial<Query>): Query {
  return {
    data: undefined,
    isError: false,
    error: null,
    isFetching: false,
    refetch: () => Promise.reject(new Error('unused')),
    ...patch,
  } as Query;
}

function show(q: Query) {
  return renderWithProviders(
    <QueryContent query={q} errorTitle="Couldn’t load the jobs" skeletonHeight={40} empty={<p>No jobs</p>}>
      {(jobs) => (
        <ul>
          {jobs.map((job) => (
            <li key={job}>{job}</li>
          ))}
        </ul>
      )}
    </QueryContent>,
  );
}

describe('QueryContent', () => {
  it('shows the content once the data is there', () => {
    show(query({ data: ['build', 'test'] }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['build', 'test']);
  });

  it('shows the empty state for no items, and a skeleton before data', () => {
    const { unmount, container } = show(query({ data: undefined }));
    expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    unmount();
    show(query({ data: [] }));
    expect(screen.getByText('No jobs')).toBeTruthy();
  });

  it('shows the failure with its reason and a Retry that refetches', () => {
    let retried = 0;
    show(
      query({
        isError: true,
        error: new ApiError(404, { message: '404 Pipeline Not Found' }),
        refetch: () => {
          retried += 1;
          return Promise.resolve({} as never);
        },
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Couldn’t load the jobs');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });
});
