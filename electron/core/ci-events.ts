/**
 * Change events of pipelines and jobs, published by the core so the host can forward them to the
 * renderer (no polling for the embedded instance). One emitter per core; listeners are called
 * synchronously right after the change is committed to SQLite. A throwing listener is isolated.
 */
import type { CoreEventMap, CoreEvents } from './core-contract.js';

type Listener<K extends keyof CoreEventMap> = (event: CoreEventMap[K]) => void;

export class CiEvents implements CoreEvents {
  private readonly listeners: { [K in keyof CoreEventMap]: Set<Listener<K>> } = {
    pipeline: new Set(),
    job: new Set(),
  };

  /** Subscribe; returns the unsubscribe function. */
  on<K extends keyof CoreEventMap>(type: K, listener: Listener<K>): () => void {
    const set = this.listeners[type] as Set<Listener<K>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Unsubscribe a listener. */
  off<K extends keyof CoreEventMap>(type: K, listener: Listener<K>): void {
    (this.listeners[type] as Set<Listener<K>>).delete(listener);
  }

  /** Publish an event to every listener of its type. */
  emit<K extends keyof CoreEventMap>(type: K, event: CoreEventMap[K]): void {
    for (const l of [...(this.listeners[type] as Set<Listener<K>>)]) {
      try {
        l(event);
      } catch {
        // A listener's failure must not break the core's state changes.
      }
    }
  }
}
