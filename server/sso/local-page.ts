/** The local identity provider's sign-in page: plain HTML, no scripts or inline styles (CSP). */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `codeFor`: the e-mail of a user whose password was right and who has a second factor: the page asks for the password again and the code. */
export function localSignInPage(returnTo: string, relayState: string, error = '', codeFor?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity provider - sign in</title><link rel="icon" href="data:,"></head>
<body><main>
<h1>Company sign-in</h1>
<p>The local identity provider of the CX portal: sign in with your portal account to continue.</p>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/api/sso/local/authorize">
<input type="hidden" name="returnTo" value="${escape(returnTo)}">
<input type="hidden" name="relayState" value="${escape(relayState)}">
<p><label>E-mail <input name="email" type="email" autocomplete="username" required${codeFor ? ` value="${escape(codeFor)}"` : ''}></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
${codeFor ? '<p><label>Code from your authenticator app, or a recovery code <input name="otp" autocomplete="one-time-code" required></label></p>' : ''}
<p><button type="submit">Continue</button></p>
</form></main></body></html>`;
}
