import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a webhook's signing secret, an OIDC client secret, the SAML
 * service provider's private key, a second-factor secret) are sealed at rest with AES-256-GCM under
 * a key from the environment, with the owning row's id as associated data (a sealed value moved to
 * another row does not open). Without a key the value is kept as it is and marked `plain.`
 * (docs/decisions.md). A value sealed under another key cannot be opened: `open` throws `unreadable`.
 */
export interface Sealer {
  seal(value: string, rowId: string): string;
  open(stored: string, rowId: string): string;
}

export function sealer(keyText: string | undefined, unreadable: string): Sealer {
  const key = keyText ? createHash('sha256').update(keyText).digest() : undefined;
  return {
    seal(value, rowId) {
      if (!key) return `plain.${value}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(rowId));
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(stored, rowId) {
      if (stored.startsWith('plain.')) return stored.slice('plain.'.length);
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !key) throw new Error(unreadable);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(rowId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(unreadable);
      }
    },
  };
}

/** The key of the secrets of sign-in (SSO, second factor): SECRETS_KEY, else WEBHOOK_SECRET_KEY (one key is enough for a portal). */
export const signInSealer = (unreadable: string, env: NodeJS.ProcessEnv = process.env) => sealer(env.SECRETS_KEY || env.WEBHOOK_SECRET_KEY, unreadable);
