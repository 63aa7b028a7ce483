import { describe, expect, it } from 'vitest';
import { TableWrites, writtenTable } from '../../../server/db/table-writes';

describe('the table a statement writes', () => {
  it('is named by its first words, quoted or not; a statement that names none counts for every table', () => {
    expect(writtenTable('INSERT INTO responses (id) VALUES ($1)')).toBe('responses');
    expect(writtenTable('INSERT OR REPLACE INTO Sessions VALUES (1)')).toBe('sessions');
    expect(writtenTable('DELETE FROM "responses" USING (SELECT 1) AS changed')).toBe('responses');
    expect(writtenTable('  UPDATE cases SET x = 1')).toBe('cases');
    expect(writtenTable('INSERT INTO cx_rollup.r1 SELECT 1')).toBeUndefined();
    expect(writtenTable('WITH x AS (SELECT 1) UPDATE cases SET y = 2')).toBeUndefined();
    const writes = new TableWrites();
    const [responses, cases] = [writes.of('responses'), writes.of('cases')];
    writes.statement('UPDATE cases SET x = 1');
    expect([writes.of('responses'), writes.of('cases')]).toEqual([responses, cases + 1]);
    writes.statement('SELECT 1');
    writes.statement('CHECKPOINT');
    expect([writes.of('responses'), writes.of('cases')]).toEqual([responses, cases + 1]);
    writes.statement('CREATE OR REPLACE TABLE responses AS SELECT 1');
    expect([writes.of('responses'), writes.of('cases')]).toEqual([responses + 1, cases + 2]);
  });
});
