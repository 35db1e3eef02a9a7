/** The one Node module the Worker uses (nodejs_compat provides it; worker/lib/request-log.ts). */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
