/** What the queue remembers in this browser: the last queue used, and the case to come back to. */
const lastKey = (moduleId: string) => `cx.queue.${moduleId}`;
const returnKey = (moduleId: string) => `cx.queue.return.${moduleId}`;

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Blocked storage: nothing is remembered.
  }
}
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export const lastQueue = (moduleId: string) => read(local(), lastKey(moduleId));
export const rememberQueue = (moduleId: string, name: string) => write(local(), lastKey(moduleId), name);
/** A case opened from the list: the list scrolls back to it on return. */
export const leaveForCase = (moduleId: string, id: number) => write(session(), returnKey(moduleId), String(id));
export function takeReturn(moduleId: string): string | null {
  const id = read(session(), returnKey(moduleId));
  write(session(), returnKey(moduleId), null);
  return id;
}
