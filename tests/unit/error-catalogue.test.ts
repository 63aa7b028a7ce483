import { describe, expect, it } from 'vitest';
import { decide, errorPageFor } from '../../src/api/errors';

// One test per row of spec part 1 section 8.
describe('the HTTP error catalogue', () => {
  it('400: passes the response on with contain_error added', () => {
    expect(decide({ status: 400, body: { message: 'Bad', errors: { Role: ['InvalidRole'] } } })).toEqual({
      kind: 'pass',
      body: { message: 'Bad', errors: { Role: ['InvalidRole'] }, contain_error: true },
    });
    expect(decide({ status: 400, body: 'plain text' })).toEqual({ kind: 'pass', body: { message: 'plain text', contain_error: true } });
  });

  it('409 (a taken name): passed on like a 400, so the form shows its field errors', () => {
    expect(decide({ status: 409, body: { message: 'Taken', errors: { Email: ['A user with this e-mail address already exists.'] } } })).toEqual({
      kind: 'pass',
      body: { message: 'Taken', errors: { Email: ['A user with this e-mail address already exists.'] }, contain_error: true },
    });
  });

  it('401: goes to /login, or to /401 when the response says the user is logged in', () => {
    expect(decide({ status: 401, body: { message: 'Sign in' } })).toEqual({ kind: 'navigate', to: '/login' });
    expect(decide({ status: 401, body: { isLoggedIn: true } })).toEqual({ kind: 'navigate', to: '/401' });
  });

  it('5xx for a script request: rejected quietly', () => {
    expect(decide({ status: 503, body: undefined, isScript: true })).toEqual({ kind: 'reject', quiet: true });
  });

  it('5xx for a caller that shows it itself (the builder’s autosave and previews): rejected to it, the page stays', () => {
    expect(decide({ status: 500, body: { title: 'ServerError' }, inline: true })).toEqual({ kind: 'reject', quiet: false });
    expect(decide({ status: 502, body: 'Bad gateway', inline: true })).toEqual({ kind: 'reject', quiet: false });
    // A 400 or 409 is still the caller's body to read.
    expect(decide({ status: 409, body: { message: 'Changed elsewhere.', code: 'conflict' }, inline: true })).toEqual({ kind: 'pass', body: { message: 'Changed elsewhere.', code: 'conflict', contain_error: true } });
  });

  it('5xx after the user moved to another page: ignored', () => {
    expect(decide({ status: 500, body: { title: 'X' }, navigatedAway: true })).toEqual({ kind: 'ignore' });
  });

  it('5xx otherwise: /error with the code from the title (description shown), from the raw body, or alone', () => {
    expect(decide({ status: 500, body: { title: 'ServerError', message: 'Something went wrong on the server.', errorCode: 'abc' } })).toEqual({
      kind: 'navigate',
      to: '/error?errorCode=ServerError&description=Something+went+wrong+on+the+server.&reference=abc',
    });
    expect(errorPageFor('Gateway timeout')).toBe('/error?errorCode=Gateway+timeout');
    expect(errorPageFor(undefined)).toBe('/error');
  });

  it('other errors: rejected', () => {
    expect(decide({ status: 403, body: { message: 'no' } })).toEqual({ kind: 'reject', quiet: false });
    expect(decide({ status: 404, body: undefined })).toEqual({ kind: 'reject', quiet: false });
  });
});
