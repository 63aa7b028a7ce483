// Each demo page documents itself: the markup of its elements as written, and how a page of
// another site signs in. Plain DOM, as a third-party page would have it.
const main = document.querySelector('main');
// Read before the elements upgrade: the attributes exactly as the page wrote them.
const markup = [...main.querySelectorAll('*')]
  .filter((el) => el.localName.startsWith('cx-'))
  .map((el) => el.outerHTML)
  .join('\n');

const docs = document.createElement('div');
docs.className = 'docs';
docs.innerHTML = `
  <section aria-labelledby="markup-title">
    <h2 id="markup-title">The markup of this page</h2>
    <p>One script tag loads the elements; each is configured by its attributes.</p>
    <pre tabindex="0"><code></code></pre>
  </section>
  <section aria-labelledby="signin-title">
    <h2 id="signin-title">Signing in from your page</h2>
    <p>On the portal's own origin the portal session is used (sign in at <a href="/login">/login</a>). Another site gives the elements a token:</p>
    <pre tabindex="0"><code></code></pre>
    <p>Signed out, each element fires a cancelable <code>cx-auth-required</code> event and makes no further calls; this page cancels it and shows one note.</p>
  </section>`;
const [markupCode, signInCode] = docs.querySelectorAll('code');
markupCode.textContent = `<script type="module" src="/elements/cx-elements.js" data-lang="en"></script>\n${markup}`;
signInCode.textContent = `import { configure } from '/elements/cx-elements.js';

// A token your back end obtained for the user:
configure({ token: accessToken });

// Or a signed embed request your back end mints per page view,
// exchanged for a token scoped to the elements and data it names:
configure({ getToken: () => fetch('/my-backend/cx-embed-request').then((r) => r.text()) });`;
main.after(docs);
