import { useEffect, useState } from 'react';
import { isBadRequest, type ApiTarget } from '../../api/client';
import { useElement } from '../../elements/element-context';
import { viewerProfiles, viewerSchema, viewerSource, type SchemaColumn, type ViewerProfile, type ViewerSource } from '../../api/viewer';
import { pickProfile } from '../data-viewer/load-rules';

/** A profile with its schema: what every viewer mode needs before it asks for data. */
export interface ViewerSetup {
  profile: ViewerProfile;
  schema: SchemaColumn[];
  /** The date field the filter bar's date choice applies to (the data source's). */
  dateKey: string;
}

/** The module's profiles and data source, the profile `pickProfile` names, and its schema. */
export async function fetchSetup(api: ApiTarget, moduleId: string, ...names: Array<string | undefined>): Promise<{ setup: ViewerSetup; profiles: ViewerProfile[]; source: ViewerSource }> {
  const [profiles, source] = await Promise.all([viewerProfiles(moduleId, api), viewerSource(moduleId, api)]);
  if (isBadRequest(profiles)) throw new Error(profiles.message);
  if (isBadRequest(source)) throw new Error(source.message);
  const profile = pickProfile(profiles, ...names);
  if (!profile) throw new Error(`No profile for module "${moduleId}".`);
  const schema = await viewerSchema(moduleId, profile.name, api);
  if (isBadRequest(schema)) throw new Error(schema.message);
  return { setup: { profile, schema, dateKey: source.dateFilterKey }, profiles, source };
}

/**
 * The profile and schema a mode works with: those the data viewer hands over, or, for a mode used
 * on its own, loaded here (the named profile, else the first).
 */
export function useViewerSetup(moduleId: string, profileName: string, given: ViewerSetup | undefined): { setup: ViewerSetup | null; error: string } {
  const { api } = useElement();
  const [loaded, setLoaded] = useState<ViewerSetup | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (given) return;
    let live = true;
    fetchSetup(api, moduleId, profileName)
      .then(({ setup }) => live && setLoaded(setup))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [api, moduleId, profileName, given]);
  return { setup: given ?? loaded, error };
}
