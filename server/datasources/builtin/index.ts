import type { Db } from '../../db';
import type { SmartModule } from '../../smartdata/schema';
import { CASE_OUTCOMES_SOURCE } from './case-outcomes';
import { FEEDBACK_SOURCE } from './feedback';
import { RECOVERY_SOURCE } from './recovery';
import { RESPONSES_SOURCE } from './responses';
import { REVIEWS_SOURCE } from './reviews';

/** The portal's own sources: its surveys, review sync, feedback widget, recovery surveys and cases write their tables. */
export const BUILTIN_SOURCES: readonly SmartModule[] = [RESPONSES_SOURCE, REVIEWS_SOURCE, FEEDBACK_SOURCE, RECOVERY_SOURCE, CASE_OUTCOMES_SOURCE];

/** The stored form of a module: everything but its id and name, which are columns of their own, and the columns the portal derives (text analysis). */
export const definitionText = ({ moduleId: _id, name: _name, ...rest }: SmartModule) => JSON.stringify({ ...rest, columns: rest.columns.filter((c) => !c.derived) });

/**
 * Adds the built-in sources' rows where they are missing (a new database, or one from before data
 * sources were data). An administrator's later changes to them (name, roles, columns' roles) stay.
 */
export async function ensureBuiltinSources(db: Db): Promise<void> {
  const now = new Date();
  for (const source of BUILTIN_SOURCES) {
    await db.query(
      `INSERT INTO datasources (source_id, name, builtin, definition, state, row_count, created_at, updated_at)
       SELECT CAST($1 AS VARCHAR), $2, TRUE, $3, 'ready', 0, CAST($4 AS TIMESTAMP), CAST($4 AS TIMESTAMP) WHERE NOT EXISTS (SELECT 1 FROM datasources WHERE source_id = $1)`,
      [source.moduleId, source.name, definitionText(source), now],
    );
  }
}
