/** The page-wide map of the stores made under `name`. */
function scopesOf<S>(name: string): Map<string, S> {
  const holder = globalThis as { [k: symbol]: Map<string, S> | undefined };
  return (holder[Symbol.for(`cx.${name}`)] ??= new Map<string, S>());
}

/**
 * One store per scope name, shared page-wide: every copy of the bundle on a page (a host and a
 * pasted script tag) finds the same map under the global symbol `cx.<name>`.
 */
export function scopedStores<S>(name: string, create: (scope: string) => S): (scope: string) => S {
  const scopes = scopesOf<S>(name);
  return (scope) => {
    let store = scopes.get(scope);
    if (!store) {
      store = create(scope);
      scopes.set(scope, store);
    }
    return store;
  };
}

/** Every store made so far under `name` (to reset them all, as when a session ends). */
export function storesOf<S>(name: string): S[] {
  return [...scopesOf<S>(name).values()];
}
