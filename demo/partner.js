// Without a portal session the elements announce a sign-in with a cx-navigate event instead of
// leaving this page; the partner shows its own hint.
document.addEventListener('cx-navigate', (event) => {
  if (event.detail.to.startsWith('/login')) document.getElementById('sign-in-note').hidden = false;
});
