/**
 * A SAML message that travels by a posted form (HTTP-POST binding): a page with the form, sent by
 * `/api/sso/autopost.js` (the CSP allows no inline script) and a Continue button for a browser
 * without script.
 */
export const AUTOPOST_JS = "document.querySelector('form[data-autopost]')?.submit();\n";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function autopostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title><link rel="icon" href="data:,"></head>
<body><main>
<form method="post" action="${escape(action)}" data-autopost>
${inputs}
<p>Taking you to your company's sign-in.</p>
<p><button type="submit">Continue</button></p>
</form></main>
<script src="/api/sso/autopost.js"></script></body></html>`;
}
