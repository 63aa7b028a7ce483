import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * OWASP's password storage guidance names scrypt at N=2^17, r=8, p=1 or an equal-strength
 * choice of N=2^14, r=8, p=5. The latter is used: the same work (about 110 ms on one core here)
 * in 16 MiB instead of 128 MiB per hash, so parallel sign-ins do not press the server's memory.
 */
export const SCRYPT = { N: 16_384, r: 8, p: 5 } as const;
const { N, r: R, p: P } = SCRYPT;
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash of no one's password: an unknown or password-less account is checked against it, so it answers as slowly as a real one. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(24).toString('base64')));

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    await verifyPassword(password, await dummyHash());
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** A stored hash made with weaker parameters than today's: rehashed at the owner's next sign-in. */
export function needsRehash(stored: string): boolean {
  const [kind, n, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(n) * Number(r) * Number(p) < N * R * P;
}

/** How the server hashes and checks passwords (a seam for counting checks in tests and for the bounded queue). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  needsRehash?(stored: string): boolean;
}

export const scryptHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword, needsRehash };

/** The portal's password rule: at least 8 characters with a lower-case and an upper-case letter, a digit and a symbol. */
export const PASSWORD_RULE = 'Use at least 8 characters, with upper- and lower-case letters, a digit and a symbol.';

export function passwordProblem(password: string): string | undefined {
  const ok = password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password);
  return ok ? undefined : PASSWORD_RULE;
}
