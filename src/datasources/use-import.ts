import { useCallback, useEffect, useState } from 'react';
import { isBadRequest, type ApiTarget } from '../api/client';
import { cancelImport, getImport, startImport, type ImportMode, type ImportStatus } from '../api/datasources';
import { problemOf } from './problem';

/** How often a running import is asked for its progress. */
export const POLL_MS = 500;

export type ImportRun =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; bytes: number }
  | { phase: 'running'; importId: string; status?: ImportStatus; cancelling?: boolean }
  | { phase: 'ended'; status: ImportStatus };

/**
 * One import into a source: sends the file, then asks for the import's progress every POLL_MS
 * until it ends (done, failed or cancelled); `cancel` asks the server to stop it. A refused start
 * (400, 413, 429) leaves `error` set and the run idle, so the user can try again.
 */
export function useImport(api: ApiTarget, failed: string) {
  const [run, setRun] = useState<ImportRun>({ phase: 'idle' });
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(async (id: string, file: File, mode: ImportMode) => {
    setError(null);
    setSourceId(id);
    setRun({ phase: 'uploading', fileName: file.name, bytes: file.size });
    try {
      const res = await startImport(id, file, mode, api);
      if (isBadRequest(res)) throw res;
      setRun({ phase: 'running', importId: res.importId });
      return true;
    } catch (failure) {
      setError(problemOf(failure, failed));
      setRun({ phase: 'idle' });
      return false;
    }
  }, [api, failed]);

  const importId = run.phase === 'running' ? run.importId : null;
  useEffect(() => {
    if (!importId || !sourceId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await getImport(sourceId, importId, api);
        if (!live) return;
        if (isBadRequest(status)) throw status;
        setError(null);
        setRun((r) => (status.state === 'running' ? { phase: 'running', importId, status, cancelling: r.phase === 'running' && r.cancelling } : { phase: 'ended', status }));
        if (status.state !== 'running') return;
      } catch (failure) {
        // A missed answer is not the end of the import: say so and keep asking.
        if (live) setError(problemOf(failure, failed));
      }
      if (live) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, failed, importId, sourceId]);

  const cancel = useCallback(async () => {
    if (!importId || !sourceId) return;
    setRun((r) => (r.phase === 'running' ? { ...r, cancelling: true } : r));
    try {
      const res = await cancelImport(sourceId, importId, api);
      // 409: it ended meanwhile; the next poll shows how.
      if (isBadRequest(res) && res.message) setError(res.message);
    } catch (failure) {
      setError(problemOf(failure, failed));
    }
  }, [api, failed, importId, sourceId]);

  return { run, error, start, cancel };
}
