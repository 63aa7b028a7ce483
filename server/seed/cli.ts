// npm run seed -- --records N [--anchor YYYY-MM-DD]: replaces the data in the configured database.
import { parseArgs } from 'node:util';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { clear, DEFAULT_RECORDS, seed } from './index';

const { values } = parseArgs({ options: { records: { type: 'string' }, anchor: { type: 'string' } } });
const records = values.records === undefined ? DEFAULT_RECORDS : Number(values.records);
if (!Number.isInteger(records) || records < 0) {
  console.error(`--records must be a whole number, not "${values.records}".`);
  process.exit(2);
}
const anchor = values.anchor ? new Date(`${values.anchor}T00:00:00Z`) : new Date();
if (Number.isNaN(anchor.getTime())) {
  console.error(`--anchor must be a date (YYYY-MM-DD), not "${values.anchor}".`);
  process.exit(2);
}

const db = await openDb().catch((error: Error) => {
  // DuckDB lets one process write a file: the usual cause is a running `npm start`.
  console.error(/lock/i.test(error.message) ? `The database is in use by another process (is the portal running?). Stop it and seed again.\n${error.message}` : error.message);
  process.exit(1);
});
const started = Date.now();
await migrate(db);
await clear(db);
await seed(db, {
  records,
  anchor,
  onProgress: (done) => process.stdout.write(`\rseeding responses: ${done.toLocaleString('en')} / ${records.toLocaleString('en')}`),
});
console.log(`\nseeded ${records.toLocaleString('en')} responses into ${db.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await db.close();
