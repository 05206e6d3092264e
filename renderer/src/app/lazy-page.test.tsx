import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

/** A screen module, as a route chunk exports one. */
const screenModule = {
  GreetingPage: ({ name }: { name: string }) => <p>Hello {name}</p>,
};

/** A loader the test resolves (or fails) by hand, counting its calls. */
function controlledLoader() {
  const calls: Array<{ resolve: (m: typeof screenModule) => void; reject: (e: Error) => void }> = [];
  const load = () => new Promise<typeof screenModule>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

function renderScreen(Page: ReturnType<typeof lazyPage<typeof screenModule, 'GreetingPage'>>) {
  return render(
    <Suspense fallback={<p>Loading screen</p>}>
      <Page name="root" />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('shows the fallback while the chunk loads, then the screen with its props', async () => {
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load, 'GreetingPage');
    renderScreen(Page);
    expect(screen.getByText('Loading screen')).toBeTruthy();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(screenModule);
    expect(await screen.findByText('Hello root')).toBeTruthy();
  });

  it('renders a preloaded screen at once, without the fallback, loading its chunk once', async () => {
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load, 'GreetingPage');
    const preloaded = Page.preload();
    expect(Page.preload()).toBe(preloaded);
    calls[0]!.resolve(screenModule);
    await preloaded;
    renderScreen(Page);
    // Synchronously after the first render: no suspension, so no fallback.
    expect(screen.getByText('Hello root')).toBeTruthy();
    expect(screen.queryByText('Loading screen')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('loads again after a failed preload', async () => {
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load, 'GreetingPage');
    const failed = Page.preload();
    calls[0]!.reject(new Error('chunk failed to load'));
    await expect(failed).rejects.toThrow('chunk failed to load');
    renderScreen(Page);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(screenModule);
    expect(await screen.findByText('Hello root')).toBeTruthy();
  });
});
