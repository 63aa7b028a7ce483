// The published JSON Schema of a dashboard file is the one the import checks: docs/dashboard-file.schema.json
// must be what `npm run dashboard-schema` writes today.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, schemaText } from '../../../server/dashboards/schema-file';

describe('the dashboard file schema in docs', () => {
  it('is the schema the import checks (run `npm run dashboard-schema` after changing it)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaText());
    const schema = JSON.parse(schemaText());
    expect(schema.properties.schemaVersion.const).toBe(1);
    expect(schema.required).toEqual(expect.arrayContaining(['schemaVersion', 'name', 'dataSource', 'dashboard']));
  });
});
