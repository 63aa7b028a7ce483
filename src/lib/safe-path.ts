/**
 * The one check for every address the portal sends a browser to after sign-in (the server's
 * single sign-on redirects, the client's return targets): a path of the portal's own origin, or
 * undefined. Decided by parsing, the way a browser will: backslashes, control characters, tabs
 * and spaces (which browsers drop or turn into `/`) are refused outright, then the value is
 * resolved against the origin and must stay on it. Any origin serves to check a path alone.
 */
export function samePortalPath(value: unknown, origin = 'https://portal.invalid'): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value.startsWith('/') || /[\\\x00-\x20\x7f]/.test(value) || value.startsWith('//')) return undefined;
  // The same characters percent-encoded, and an encoded second slash: refused too, in case anything on the way decodes them.
  if (/%(?:[01][0-9a-f]|7f|5c)/i.test(value) || /^\/%2f/i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
