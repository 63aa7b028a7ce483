/** What the guard listens on: `process`, or a stand-in in tests. */
export interface GuardedProcess {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Keeps the server answering when one request's work throws where nothing catches it (a stream's
 * 'error' with no listener, a promise nobody awaited): without listeners Node ends the process, and
 * every other user's request with it. The error is logged and the process goes on; a supervisor
 * (README: production) still restarts it if it does end.
 */
export function guardProcess(proc: GuardedProcess = process, log: (message: string, error: unknown) => void = console.error): void {
  proc.on('uncaughtException', (error) => log('Uncaught exception (the server keeps serving):', error));
  proc.on('unhandledRejection', (reason) => log('Unhandled promise rejection (the server keeps serving):', reason));
}
