// Without a portal session the elements ask for a sign-in with a cancelable cx-auth-required
// event (they never leave this page). This page shows its own note once and cancels the event,
// so the tiles do not each show their own sign-in message.
document.addEventListener('cx-auth-required', (event) => {
  event.preventDefault();
  document.getElementById('sign-in-note').hidden = false;
});
