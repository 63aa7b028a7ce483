// Writes docs/dashboard-file.schema.json, the published JSON Schema of a dashboard file, from the zod
// schema the import checks (`npm run dashboard-schema`); a unit test keeps the two the same.
import { writeFileSync } from 'node:fs';
import { fileJsonSchema } from './portable';

export const SCHEMA_FILE = 'docs/dashboard-file.schema.json';
export const schemaText = () => `${JSON.stringify(fileJsonSchema(), null, 2)}\n`;

if (process.argv[1]?.endsWith('schema-file.ts')) writeFileSync(SCHEMA_FILE, schemaText());
