import { randomBytes } from 'node:crypto';
import { sealer } from '../http/seal';

/**
 * A webhook's signing secret: the server must sign with it, so it is kept, not hashed. With
 * WEBHOOK_SECRET_KEY set it is sealed (server/http/seal.ts: AES-256-GCM, the webhook's id as associated data); without it, it is kept as it is and marked so
 * (docs/decisions.md). A value sealed under another key cannot be read: the webhook's secret is
 * then rotated by its administrator.
 */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const SECRET_UNREADABLE = 'The signing secret cannot be read with this server\'s WEBHOOK_SECRET_KEY: rotate the secret.';

const webhookSealer = (env: NodeJS.ProcessEnv) => sealer(env.WEBHOOK_SECRET_KEY, SECRET_UNREADABLE);

export const sealSecret = (secret: string, webhookId: string, env: NodeJS.ProcessEnv = process.env): string => webhookSealer(env).seal(secret, webhookId);

export const openSecret = (stored: string, webhookId: string, env: NodeJS.ProcessEnv = process.env): string => webhookSealer(env).open(stored, webhookId);
