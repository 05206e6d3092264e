import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render.js';
import { FIRST_SCREEN_MARK, useFirstScreenMark } from './first-screen-mark.js';

const marks = () => performance.getEntriesByName(FIRST_SCREEN_MARK);

/** A screen whose data arrives when the test resolves `release`. */
function Screen({ active, data }: { active: boolean; data: Promise<string> }) {
  useFirstScreenMark(active);
  const query = useQuery({ queryKey: ['first-screen-test'], queryFn: () => data });
  return <p>{query.data ?? 'loading'}</p>;
}

/** {@link Screen}, inactive until its button is clicked. */
function Activating({ data }: { data: Promise<string> }) {
  const [active, setActive] = useState(false);
  return (
    <>
      <button onClick={() => setActive(true)}>Activate</button>
      <Screen active={active} data={data} />
    </>
  );
}

/** Waits for a few animation frames (the hook checks once per frame). */
const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

afterEach(() => performance.clearMarks(FIRST_SCREEN_MARK));

describe('useFirstScreenMark', () => {
  it('marks once the screen has its data, not while a query is fetching', async () => {
    let release: (value: string) => void = () => undefined;
    const data = new Promise<string>((resolve) => (release = resolve));
    renderWithProviders(<Screen active data={data} />);
    await frames(4);
    expect(marks()).toHaveLength(0);
    release('projects');
    expect(await screen.findByText('projects')).toBeTruthy();
    await waitFor(() => expect(marks()).toHaveLength(1));
  });

  it('does nothing while inactive, and marks only once per page', async () => {
    const first = renderWithProviders(<Activating data={Promise.resolve('ready')} />);
    expect(await screen.findByText('ready')).toBeTruthy();
    await frames(4);
    expect(marks()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(marks()).toHaveLength(1));
    first.unmount();
    renderWithProviders(<Screen active data={Promise.resolve('again')} />);
    expect(await screen.findByText('again')).toBeTruthy();
    await frames(4);
    expect(marks()).toHaveLength(1);
  });
});
