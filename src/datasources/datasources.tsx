import { SourceList } from './source-list';
import { SourcePage } from './source-page';

/** The administrators' data sources: the list, or one source's page when `sourceId` is given. */
export function Datasources({ sourceId }: { sourceId?: string }) {
  return sourceId ? <SourcePage key={sourceId} sourceId={sourceId} /> : <SourceList />;
}
