// The page's theme comes from ?theme=dark or ?theme=high-contrast: a class on <html> that sets the tokens.
const theme = new URLSearchParams(location.search).get('theme');
if (theme === 'dark' || theme === 'high-contrast') document.documentElement.classList.add(theme);
// Dark is the theme that ships with the elements, linked from beside them as a partner page does.
if (theme === 'dark') {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '../elements/themes/dark.css' });
  document.head.append(link);
}
for (const link of document.querySelectorAll('.theme-switch a')) {
  link.setAttribute('aria-current', String((link.dataset.theme || null) === theme));
}
