import { useEffect, useState } from 'react';
import { isBadRequest } from '../../api/client';
import { viewerProfiles, viewerSchema, viewerSource, type SchemaColumn, type ViewerProfile } from '../../api/viewer';

/** A profile with its schema: what every viewer mode needs before it asks for data. */
export interface ViewerSetup {
  profile: ViewerProfile;
  schema: SchemaColumn[];
  /** The date field the filter bar's date choice applies to (the data source's). */
  dateKey: string;
}

/**
 * The profile and schema a mode works with: those the data viewer hands over, or, for a mode used
 * on its own, loaded here (the named profile, else the first).
 */
export function useViewerSetup(moduleId: string, profileName: string, given: ViewerSetup | undefined): { setup: ViewerSetup | null; error: string } {
  const [loaded, setLoaded] = useState<ViewerSetup | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (given) return;
    let live = true;
    viewerProfiles(moduleId)
      .then(async (profiles) => {
        if (isBadRequest(profiles)) throw new Error(profiles.message);
        const profile = profiles.find((p) => p.name === profileName) ?? profiles[0];
        const [schema, source] = await Promise.all([viewerSchema(moduleId, profile.name), viewerSource(moduleId)]);
        if (isBadRequest(schema)) throw new Error(schema.message);
        if (isBadRequest(source)) throw new Error(source.message);
        if (live) setLoaded({ profile, schema, dateKey: source.dateFilterKey });
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [moduleId, profileName, given]);
  return { setup: given ?? loaded, error };
}
