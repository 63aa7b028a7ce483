// Signs the portal's elements in with this site's own back end (see server.ts): getToken is
// asked when an element first calls the portal, again before the token expires, and after a 401.
const portal = new URL(document.querySelector('script[src*="cx-elements"]').src).origin;
const { configure } = await import(`${portal}/elements/cx-elements.js`);
configure({
  getToken: async () => {
    const res = await fetch('/embed-token');
    return res.ok ? (await res.json()).token : undefined;
  },
});
