/**
 * One store per scope name, shared page-wide: every copy of the bundle on a page (a host and a
 * pasted script tag) finds the same map under the global symbol `cx.<name>`.
 */
export function scopedStores<S>(name: string, create: (scope: string) => S): (scope: string) => S {
  const key = Symbol.for(`cx.${name}`);
  const holder = globalThis as { [k: symbol]: Map<string, S> | undefined };
  const scopes = (holder[key] ??= new Map<string, S>());
  return (scope) => {
    let store = scopes.get(scope);
    if (!store) {
      store = create(scope);
      scopes.set(scope, store);
    }
    return store;
  };
}
