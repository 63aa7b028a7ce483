import { request, isBadRequest } from '../api/client';
import { showToast } from './toasts';
import { translator } from '../i18n';
import { $config } from './config';

/** Spec: a version check every 600000 ms. */
export const VERSION_CHECK_MS = 600_000;

interface Version {
  portalCoreVersion: string;
  cacheBusterContentHash: string;
}
const fingerprint = (v: Version) => `${v.portalCoreVersion}/${v.cacheBusterContentHash}`;

async function read(): Promise<string | null> {
  try {
    const v = await request<Version>('GET', '/api/settings/version', { anonymous: true, script: true });
    return isBadRequest(v) ? null : fingerprint(v);
  } catch {
    return null;
  }
}

/** Watches the core version and content hash; a change shows one refresh prompt. */
export async function startVersionCheck(): Promise<() => void> {
  const first = await read();
  let prompted = false;
  const timer = setInterval(async () => {
    const now = await read();
    if (!first || !now || now === first || prompted) return;
    prompted = true;
    const t = translator($config.get().locale);
    showToast({ kind: 'info', text: t('toasts.newVersion'), action: { label: t('toasts.refresh'), run: () => location.reload() } });
  }, VERSION_CHECK_MS);
  return () => clearInterval(timer);
}
