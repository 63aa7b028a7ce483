import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { spawnSync } from 'node:child_process';
import { guardProcess } from '../../../server/http/process-guard';

/**
 * A Node process that throws in a callback and leaves a rejection unhandled, then says it is still
 * there (each step a turn of the event loop after the last), with or without the guard.
 */
function run(guarded: boolean) {
  const script = [
    "import { guardProcess } from './server/http/process-guard.ts';",
    guarded ? 'guardProcess();' : '',
    "void Promise.reject(new Error('nobody awaited this'));",
    "setImmediate(() => { throw new Error('a stream failed with no listener'); });",
    "setImmediate(() => setImmediate(() => console.log('still serving')));",
  ].join('\n');
  return spawnSync('node_modules/.bin/tsx', ['--eval', script], { encoding: 'utf8', timeout: 60_000 });
}

describe('guardProcess', () => {
  it('logs an uncaught exception and an unhandled rejection instead of letting them end the process', () => {
    const proc = new EventEmitter();
    const logged: unknown[][] = [];
    guardProcess(proc, (...args) => logged.push(args));
    const thrown = new Error('boom');
    proc.emit('uncaughtException', thrown);
    proc.emit('unhandledRejection', 'no reason');
    expect(logged).toEqual([
      ['Uncaught exception (the server keeps serving):', thrown],
      ['Unhandled promise rejection (the server keeps serving):', 'no reason'],
    ]);
  });

  it('keeps a real process running past both, where without it the process ends', () => {
    const unguarded = run(false);
    expect(unguarded.status).not.toBe(0);
    expect(unguarded.stdout).not.toContain('still serving');

    const guarded = run(true);
    expect(guarded.status).toBe(0);
    expect(guarded.stdout).toContain('still serving');
    expect(guarded.stderr).toContain('Unhandled promise rejection (the server keeps serving): Error: nobody awaited this');
    expect(guarded.stderr).toContain('Uncaught exception (the server keeps serving): Error: a stream failed with no listener');
  });
});
