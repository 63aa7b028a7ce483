import { GoogleReviewProvider, googleConfig } from './google-provider';
import { LocalReviewProvider } from './local-provider';
import type { ReviewProvider } from './provider';

/** The review providers the portal answers through: always the local one, Google when configured. */
export interface ReviewProviders {
  local: LocalReviewProvider;
  byName(name: string): ReviewProvider | undefined;
  all(): ReviewProvider[];
}

export function reviewProviders(secret: string, env: NodeJS.ProcessEnv = process.env): ReviewProviders {
  const local = new LocalReviewProvider(secret);
  const google = googleConfig(env);
  const list: ReviewProvider[] = [local, ...(google ? [new GoogleReviewProvider(google)] : [])];
  return { local, byName: (name) => list.find((p) => p.name === name.toLowerCase()), all: () => list };
}
