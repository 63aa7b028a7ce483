import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A webhook's signing secret: the server must sign with it, so it is kept, not hashed. With
 * WEBHOOK_SECRET_KEY set it is sealed (AES-256-GCM, the webhook's id as associated data, so a
 * sealed value moved to another row does not open); without it, it is kept as it is and marked so
 * (docs/decisions.md). A value sealed under another key cannot be read: the webhook's secret is
 * then rotated by its administrator.
 */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const keyOf = (env: NodeJS.ProcessEnv) => (env.WEBHOOK_SECRET_KEY ? createHash('sha256').update(env.WEBHOOK_SECRET_KEY).digest() : undefined);

export function sealSecret(secret: string, webhookId: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = keyOf(env);
  if (!key) return `plain.${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(webhookId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export const SECRET_UNREADABLE = 'The signing secret cannot be read with this server\'s WEBHOOK_SECRET_KEY: rotate the secret.';

export function openSecret(stored: string, webhookId: string, env: NodeJS.ProcessEnv = process.env): string {
  if (stored.startsWith('plain.')) return stored.slice('plain.'.length);
  const [version, iv, tag, sealed] = stored.split('.');
  const key = keyOf(env);
  if (version !== 'v1' || !key) throw new Error(SECRET_UNREADABLE);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(webhookId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(SECRET_UNREADABLE);
  }
}
