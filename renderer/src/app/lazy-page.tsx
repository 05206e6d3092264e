import { lazy, type ComponentType } from 'react';

/** The props a screen component takes. */
type Props<C> = C extends ComponentType<infer P> ? P : never;

/** A screen whose code loads on first render, or ahead of time with `preload()`. */
export type LazyPage<C> = ComponentType<Props<C>> & {
  /**
   * Starts loading the screen's chunk (once; again after a failure) and resolves with the screen.
   * Once resolved, the screen renders at once instead of suspending.
   */
  preload(): Promise<ComponentType<Props<C>>>;
};

/**
 * A screen loaded on first visit (its own chunk, so the first screen's JS stays small): `load` imports
 * the module, `name` names its export. Render it inside a `Suspense` boundary (the router's `screen`),
 * which shows a skeleton while the chunk loads.
 * `preload()` starts loading the chunk ahead of time; once it has loaded, the screen renders
 * synchronously instead of suspending, so no skeleton is shown (a suspended screen would show it for at
 * least a frame, and React holds back the screen's reveal until 300 ms after the skeleton appeared:
 * its fallback throttle).
 * Errors: a failed load rejects `preload()`; rendered, it reaches the route's error element.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<M[K]> {
  type Screen = ComponentType<Props<M[K]>>;
  let loaded: Screen | undefined;
  let loading: Promise<Screen> | undefined;
  const preload = (): Promise<Screen> =>
    (loading ??= load().then(
      (module) => (loaded = module[name] as Screen),
      (err: unknown) => {
        loading = undefined; // a later render or preload tries again
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Typed loosely inside (a generic component's props don't spread); callers see the screen's props.
  function LazyScreen(props: Record<string, unknown>) {
    const Component = (loaded ?? Lazy) as unknown as ComponentType<Record<string, unknown>>;
    return <Component {...props} />;
  }
  return Object.assign(LazyScreen as unknown as Screen, { preload });
}
